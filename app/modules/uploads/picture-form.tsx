import { useEffect, useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";
import { DEFAULT_AVATAR } from "#app/components/ui/avatar.tsx";
import { ErrorList } from "#app/components/ui/field.tsx";

/**
 * A profile picture picker (the console's guide form, a guide's own profile): a preview of the file just picked, an
 * image-only check in the browser; the server checks the content again when it stores it (uploads.server.ts).
 */

const imageOnly = "Please choose an image file.";

/** A picture preview for the file just picked (or the current picture), with an image-only check in the browser. */
function usePicture(current: string) {
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    const isImage = Boolean(file?.type.startsWith("image/"));
    if (file && !isImage) event.currentTarget.value = "";
    setError(file && !isImage ? imageOnly : null);
    setPreview(file && isImage ? URL.createObjectURL(file) : null);
    return isImage;
  };
  return { src: preview ?? current, error, onPick };
}

function PicturePreview({ src, name }: { src: string; name: string }) {
  return (
    <img
      src={src}
      alt={name ? `Picture of ${name}` : "Profile picture"}
      width={96}
      height={96}
      className="size-24 shrink-0 rounded-full bg-slate-200 object-cover ring-1 ring-slate-200"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}

/** Create mode: the picture travels with the form (a multipart form) and is stored once the record is saved. */
export function PicturePicker({ inputId, name = "imageUrl" }: { inputId: string; name?: string }) {
  const picture = usePicture(DEFAULT_AVATAR);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <PicturePreview src={picture.src} name="" />
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">Profile image</label>
        <input id={inputId} type="file" name={name} accept="image/*" onChange={picture.onPick} aria-describedby={`${inputId}-error`} className="w-full max-w-full text-sm" />
        <ErrorList id={`${inputId}-error`} errors={picture.error ? [picture.error] : null} />
      </div>
    </div>
  );
}

/**
 * Edit mode: a form of its own (intent "image", field `imageUrl`) that uploads the picture as soon as it is picked;
 * without JavaScript an Upload button sends it. The route's action stores it and answers with a toast.
 */
export function PictureUploadForm({ imageId, name, inputId, hint = "The picture is saved as soon as you pick it." }: { imageId: string | null; name: string; inputId: string; hint?: string }) {
  const fetcher = useFetcher();
  const picture = usePicture(imageId ? `/images/${imageId}` : DEFAULT_AVATAR);
  const uploading = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="flex flex-col gap-4 sm:flex-row sm:items-center" preventScrollReset>
      <input type="hidden" name="intent" value="image" />
      <PicturePreview src={picture.src} name={name} />
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">Profile image</label>
        <input
          id={inputId}
          type="file"
          name="imageUrl"
          accept="image/*"
          aria-describedby={`${inputId}-hint ${inputId}-error`}
          className="w-full max-w-full text-sm"
          onChange={(event) => {
            const form = event.currentTarget.form;
            if (picture.onPick(event) && form) fetcher.submit(form, { preventScrollReset: true });
          }}
        />
        <p id={`${inputId}-hint`} aria-live="polite" className="text-xs text-slate-500">{uploading ? "Uploading picture…" : hint}</p>
        <ErrorList id={`${inputId}-error`} errors={picture.error ? [picture.error] : null} />
        <noscript>
          <button type="submit" className="w-fit rounded-md px-3 py-1 text-sm ring-1 ring-slate-300">Upload picture</button>
        </noscript>
      </div>
    </fetcher.Form>
  );
}
