import { describe, expect, test } from "vitest";
import { payoutRequirementsText } from "./payout-status.ts";

describe("payoutRequirementsText", () => {
  test("Stripe's requirement names read as what the guide gives, each once", () => {
    expect(payoutRequirementsText(["business_profile.url", "external_account", "individual.dob.day", "individual.dob.month", "individual.first_name", "individual.last_name", "tos_acceptance.date"]))
      .toBe("a website, a bank account, your date of birth, your name, accepting Stripe's terms");
    expect(payoutRequirementsText(["individual.address.line1", "individual.ssn_last_4", "individual.verification.document", "company.tax_id_registrar"]))
      .toBe("your address, your tax number, a photo ID, a few other details");
    expect(payoutRequirementsText([])).toBe("");
  });
});
