import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { OutboxNotice } from "./outbox-notice.tsx";

describe("OutboxNotice", () => {
  test("without SMTP_URL: mail stays here", () => {
    expect(renderToStaticMarkup(<OutboxNotice smtp={false} />)).toContain("No SMTP server is set up (SMTP_URL), so no mail leaves this server");
  });

  test("with SMTP_URL: mail goes out through the SMTP server, the outbox keeps only what came before", () => {
    const html = renderToStaticMarkup(<OutboxNotice smtp />);
    expect(html).toContain("Mail goes out through the SMTP server (SMTP_URL)");
    expect(html).toContain("only keeps the messages written before");
  });
});
