import { useEffect, useState, type ChangeEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { DEFAULT_AVATAR } from "#app/components/ui/avatar.tsx";
import { ErrorList } from "#app/components/ui/field.tsx";
import { imageFileProblem, MAX_IMAGE_BYTES } from "./image-file.ts";

/**
 * The one profile picture picker of every form that has one (the console's user and guide forms, both dashboards'
 * profiles): the same preview, label, file button, hint, Remove and messages everywhere. Two ways to save:
 * - `PicturePicker` (create): a field of the surrounding multipart form, stored once the record is saved;
 * - `PictureUploadForm` (edit): a form of its own that uploads the picture as soon as it is picked, with an
 *   Upload button and a Remove button that work without JavaScript.
 * The browser checks the file (image, size); the server checks its content again when it stores it (uploads.server.ts).
 */

export const PICTURE_LABEL = "Profile picture";
export const REMOVE_PICTURE = "Remove picture";
export const UPLOAD_PICTURE = "Upload picture";
const RULES = `A JPEG, PNG or WebP image, up to ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;

/** A preview of the file just picked (or the current picture), with the browser's check of the file. */
function usePicture(current: string) {
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    const problem = file ? imageFileProblem(file) : null;
    if (problem) event.currentTarget.value = "";
    setError(problem);
    setPreview(file && !problem ? URL.createObjectURL(file) : null);
    return Boolean(file && !problem);
  };
  const clear = (input: HTMLInputElement | null) => {
    if (input) input.value = "";
    setPreview(null);
    setError(null);
  };
  return { src: preview ?? current, picked: preview !== null, error, onPick, clear };
}

function PicturePreview({ src, name }: { src: string; name: string }) {
  return (
    <img
      src={src}
      alt={name ? `Picture of ${name}` : "Profile picture"}
      width={96}
      height={96}
      data-picture-preview=""
      className="size-24 shrink-0 rounded-full bg-slate-200 object-cover ring-1 ring-slate-200"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}

const fileInputClass =
  "w-full max-w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
const secondaryButtonClass =
  "h-9 w-fit rounded-md bg-white px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-50";

/** The picker's face, the same in both modes: preview, label, file button, hint and status, messages, buttons. */
function PictureControl({
  inputId,
  src,
  name,
  input,
  hint,
  errors,
  buttons,
}: {
  inputId: string;
  src: string;
  name: string;
  input: (props: { id: string; type: "file"; accept: string; className: string; "aria-describedby": string }) => ReactNode;
  hint: ReactNode;
  errors: string[] | null | undefined;
  buttons: ReactNode;
}) {
  return (
    <div data-picture-picker="" className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <PicturePreview src={src} name={name} />
      <div className="grid min-w-0 flex-1 gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">{PICTURE_LABEL}</label>
        {input({ id: inputId, type: "file", accept: "image/*", className: fileInputClass, "aria-describedby": `${inputId}-hint ${inputId}-error` })}
        <p id={`${inputId}-hint`} aria-live="polite" className="text-xs text-slate-500">{hint}</p>
        <ErrorList id={`${inputId}-error`} errors={errors?.length ? errors : null} />
        <div className="flex flex-wrap items-center gap-2 empty:hidden">{buttons}</div>
      </div>
    </div>
  );
}

/**
 * Create mode: the picture travels with the surrounding form (a multipart form) and is stored once the record is
 * saved. Remove takes back the file just picked (it appears once there is one, which needs JavaScript to know).
 */
export function PicturePicker({ inputId, name = "imageUrl", errors, hint }: { inputId: string; name?: string; errors?: string[]; hint?: string }) {
  const picture = usePicture(DEFAULT_AVATAR);
  return (
    <PictureControl
      inputId={inputId}
      src={picture.src}
      name=""
      input={(props) => <input {...props} name={name} onChange={picture.onPick} />}
      hint={hint ?? RULES}
      errors={picture.error ? [picture.error] : errors}
      buttons={
        picture.picked ? (
          <button type="button" className={secondaryButtonClass} onClick={() => picture.clear(document.getElementById(inputId) as HTMLInputElement | null)}>
            {REMOVE_PICTURE}
          </button>
        ) : null
      }
    />
  );
}

/**
 * Edit mode: a form of its own (`intent`, the file in `fieldName`) that uploads the picture as soon as it is picked
 * (an Upload button sends it without JavaScript), and a Remove button (a second small form, intent `remove-image`)
 * while there is a picture. The route's action stores or removes it and answers with a toast.
 */
export function PictureUploadForm(props: { imageId: string | null; name: string; inputId: string; hint?: string; fieldName?: string; intent?: string }) {
  // A new picture (or none) from the server starts the picker afresh: no stale preview of the file picked before.
  return <PictureUploadFormFor key={props.imageId ?? "none"} {...props} />;
}

export const REMOVE_PICTURE_INTENT = "remove-image";

function PictureUploadFormFor({
  imageId,
  name,
  inputId,
  hint = "It is saved as soon as you pick it.",
  fieldName = "imageUrl",
  intent = "image",
}: {
  imageId: string | null;
  name: string;
  inputId: string;
  hint?: string;
  fieldName?: string;
  intent?: string;
}) {
  const upload = useFetcher();
  const remove = useFetcher();
  const picture = usePicture(imageId ? `/images/${imageId}` : DEFAULT_AVATAR);
  const removeFormId = `${inputId}-remove`;
  const status = upload.state !== "idle" ? "Uploading picture…" : remove.state !== "idle" ? "Removing picture…" : `${RULES} ${hint}`;
  return (
    <>
      <upload.Form method="post" encType="multipart/form-data" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <PictureControl
          inputId={inputId}
          src={picture.src}
          name={name}
          input={(props) => (
            <input
              {...props}
              name={fieldName}
              onChange={(event) => {
                const form = event.currentTarget.form;
                if (picture.onPick(event) && form) upload.submit(form, { preventScrollReset: true });
              }}
            />
          )}
          hint={status}
          errors={picture.error ? [picture.error] : null}
          buttons={
            <>
              <noscript>
                <button type="submit" className={secondaryButtonClass}>{UPLOAD_PICTURE}</button>
              </noscript>
              {imageId ? (
                <button type="submit" form={removeFormId} className={secondaryButtonClass} disabled={remove.state !== "idle"}>
                  {REMOVE_PICTURE}
                </button>
              ) : null}
            </>
          }
        />
      </upload.Form>
      {imageId ? (
        <remove.Form id={removeFormId} method="post" preventScrollReset hidden>
          <input type="hidden" name="intent" value={REMOVE_PICTURE_INTENT} />
        </remove.Form>
      ) : null}
    </>
  );
}
