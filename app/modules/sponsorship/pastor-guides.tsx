import type { PastorView } from "./policy.ts";

/** A pastor's guides as the sponsor sees them: names and sessions only where the pastor allowed it. */
export function PastorGuides({ guides }: { guides: PastorView["guides"] }) {
  if (guides === null) return <p className="text-sm text-slate-500">Guides kept private.</p>;
  if (!guides.length) return <p className="text-sm text-slate-500">No covered sessions yet.</p>;
  return (
    <ul className="text-sm text-slate-700">
      {guides.map((guide) => <li key={guide.name}>{guide.name}: {guide.sessions} session{guide.sessions === 1 ? "" : "s"}</li>)}
    </ul>
  );
}
