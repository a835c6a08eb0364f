import { Eye } from "#app/components/ui/icons.ts";
import { Link, useLocation } from "react-router";
import { ListScreen, type ExportList, type ListFrame } from "#app/components/list/list-screen.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { RouteDialog, useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { capitalise } from "#app/lib/format.ts";
import type { ListDefaults, ListMeta, ListState } from "#app/lib/list.ts";
import type { PublishedContentRow } from "./published-content.server.ts";
import { contentCuts, cut } from "./options.ts";
import type { PublishedContentSort } from "./schema.ts";

const typeLabel = (type: string) => capitalise(type) || "N/A";

/** Text cut to `max` characters; the whole text is in the tooltip (title) and for screen readers. */
function Cut({ text, max }: { text: string | null; max: number }) {
  if (!text) return <>N/A</>;
  if (text.length <= max) return <>{text}</>;
  return (
    <span title={text}>
      <span aria-hidden>{cut(text, max)}</span>
      <span className="sr-only">{text}</span>
    </span>
  );
}

/** The details dialog of one item (opened with ?view=id, so it works without JavaScript). */
function ContentDialog({ item, closeHref }: { item: PublishedContentRow; closeHref: string }) {
  return (
    <RouteDialog title="Published Content Details" closeHref={closeHref}>
      <dl className="grid gap-4 text-sm">
        <div><dt className="font-medium text-slate-500">Title</dt><dd className="text-slate-900">{item.title}</dd></div>
        <div><dt className="font-medium text-slate-500">Type</dt><dd className="text-slate-900">{typeLabel(item.type)}</dd></div>
        <div><dt className="font-medium text-slate-500">Publication Date</dt><dd className="text-slate-900"><LocalTime value={item.publishedDate} format="date" /></dd></div>
        <div>
          <dt className="font-medium text-slate-500">URL</dt>
          <dd className="break-all"><a href={item.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">{item.url}</a></dd>
        </div>
        <div><dt className="font-medium text-slate-500">Description</dt><dd className="whitespace-pre-line text-slate-900">{item.description || "N/A"}</dd></div>
      </dl>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" asChild>
          <Link to={closeHref} replace preventScrollReset>Close</Link>
        </Button>
      </div>
    </RouteDialog>
  );
}

const frame = {
  heading: "Published Content",
  search: { placeholder: "Search content...", label: "Search content" },
  minWidth: "56rem",
  columns: [
    { label: "Title", sort: "title" },
    { label: "URL" },
    { label: "Description" },
    { label: "Type", sort: "type" },
    { label: "Publication Date", sort: "publishedDate" },
    { label: "Action", align: "right" },
  ],
  loadingText: "Loading content...",
  empty: "No content found",
} satisfies ListFrame<PublishedContentSort>;

/** The Guide Profile's Publish Content tab: cut columns with tooltips, a new-tab URL and the details dialog. */
export function PublishedContentTable({
  items,
  meta,
  state,
  list,
  viewing,
  exportList,
}: {
  items: PublishedContentRow[];
  meta: ListMeta;
  state: ListState<PublishedContentSort>;
  list: { defaults: ListDefaults<PublishedContentSort> };
  viewing: PublishedContentRow | null;
  /** In the console: the list's CSV export. */
  exportList?: ExportList;
}) {
  const href = useSearchHref();
  const location = useLocation();
  const viewParam = new URLSearchParams(location.search).get("view");
  return (
    <>
      <ListScreen frame={frame} exportList={exportList} list={list} state={state} meta={meta} rows={items}>
        {(item) => (
          <tr key={item.id} className="hover:bg-slate-50">
            <td className={`${cellClass} font-medium text-slate-900`}><Cut text={item.title} max={contentCuts.title} /></td>
            <td className={cellClass}>
              <a href={item.url} target="_blank" rel="noopener noreferrer" title={item.url} className="text-brand-700 underline-offset-2 hover:underline">
                <span aria-hidden>{cut(item.url, contentCuts.url)}</span>
                <span className="sr-only">{item.url} (opens in a new tab)</span>
              </a>
            </td>
            <td className={cellClass}><Cut text={item.description} max={contentCuts.description} /></td>
            <td className={cellClass}>{typeLabel(item.type)}</td>
            <td className={cellClass}><LocalTime value={item.publishedDate} format="date" /></td>
            <td className={`${cellClass} text-right`}>
              <Link
                to={href({ view: item.id })}
                preventScrollReset
                aria-label={`View ${item.title}`}
                className="inline-flex rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700"
              >
                <Eye className="size-4" />
              </Link>
            </td>
          </tr>
        )}
      </ListScreen>
      {viewing && viewParam === String(viewing.id) ? <ContentDialog item={viewing} closeHref={href({ view: null })} /> : null}
    </>
  );
}
