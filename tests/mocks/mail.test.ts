import { expect, test } from "vitest";
import { sendMail } from "#app/lib/mail.server.ts";
import { clearOutbox, lastCodeTo, lastMailTo, mailTo, outbox } from "./mail.ts";

test("mail the app sends is read back from the outbox, per recipient, with a text and an HTML part", async () => {
  expect(await outbox()).toEqual([]); // emptied before each test file
  await sendMail({ to: "Guide@test.example", subject: "New booking", text: "Sarah booked Wednesday 10:00." });
  await sendMail({ to: "user@test.example", subject: "Your code", text: "Your code is 123456.\n\nIt expires in 15 minutes." });
  const guideMail = await lastMailTo("guide@TEST.example");
  expect(guideMail).toMatchObject({ to: "guide@test.example", subject: "New booking", text: "Sarah booked Wednesday 10:00." });
  expect(guideMail.html).toContain("<p style=\"margin:0 0 16px\">Sarah booked Wednesday 10:00.</p>");
  expect((await mailTo("user@test.example")).map((mail) => mail.subject)).toEqual(["Your code"]);
  expect(await lastCodeTo("user@test.example")).toBe("123456");
  await expect(lastMailTo("nobody@test.example")).rejects.toThrow(/No e-mail to nobody@test.example/);
  await clearOutbox();
  expect(await outbox()).toEqual([]);
});

test("text is escaped in the HTML part", async () => {
  await sendMail({ to: "x@test.example", subject: "Hi", text: "<script>alert(1)</script> & more" });
  expect((await lastMailTo("x@test.example")).html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
});
