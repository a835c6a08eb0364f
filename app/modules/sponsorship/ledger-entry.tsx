import { Link } from "react-router";
import { formatMoney } from "#app/lib/format.ts";
import { fundingReceiptPath, ledgerKindLabel } from "./lists.ts";
import type { LedgerEntryView } from "./policy.ts";

/** What a movement of the balance was, with a funding's receipt to print beside it. */
export function LedgerEntryWhat({ entry }: { entry: LedgerEntryView }) {
  return (
    <>
      {ledgerKindLabel(entry.kind)}
      {entry.fundingId ? (
        <>
          {" · "}
          <Link to={fundingReceiptPath(entry.fundingId)} aria-label={`Receipt for ${formatMoney(entry.amountCents)} added`} className="font-medium text-brand-700 underline underline-offset-2">
            Receipt
          </Link>
        </>
      ) : null}
    </>
  );
}
