import { Info } from "#app/components/ui/icons.ts";

/** What the outbox is: where mail lands without an SMTP server, or (with one) only what was kept before. */
export function OutboxNotice({ smtp }: { smtp: boolean }) {
  return (
    <div role="note" className="mb-4 flex gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      <Info className="mt-0.5 size-4 shrink-0" />
      <p>
        {smtp
          ? "Mail goes out through the SMTP server (SMTP_URL). The outbox only keeps the messages written before it was set up."
          : "No SMTP server is set up (SMTP_URL), so no mail leaves this server: every message the product writes is kept here instead, for you to read or pass on."}
      </p>
    </div>
  );
}
