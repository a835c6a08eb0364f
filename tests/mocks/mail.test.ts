import { expect, test } from "vitest";
import { sendMail } from "#app/lib/mail.server.ts";
import { clearOutbox, lastMailTo, mailTo, outbox } from "./mail.ts";

test("mail the app sends is read back from the outbox, per recipient", async () => {
  expect(outbox()).toEqual([]); // emptied before each test file
  await sendMail({ to: "guide@test.example", subject: "New booking", text: "Sarah booked Wednesday 10:00." });
  await sendMail({ to: "user@test.example", subject: "Booking confirmed", text: "See you Wednesday." });
  expect(lastMailTo("Guide@Test.example")).toMatchObject({ to: ["guide@test.example"], subject: "New booking", text: "Sarah booked Wednesday 10:00." });
  expect(mailTo("user@test.example").map((mail) => mail.subject)).toEqual(["Booking confirmed"]);
  expect(() => lastMailTo("nobody@test.example")).toThrow(/No e-mail to nobody@test.example/);
  clearOutbox();
  expect(outbox()).toEqual([]);
});
