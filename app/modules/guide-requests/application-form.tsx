import type { GuideAccountValues, GuideFieldValues } from "#app/modules/guides/guide-form-fields.tsx";

/** What the application form holds, as text: guideApplicationSchema turns it into an application. */
export type ApplicationFormValues = GuideFieldValues &
  GuideAccountValues & {
    references: string[];
    payWhatYouWant: boolean;
    price: string;
    howToServe: string;
    terms: boolean;
    timeZone: string;
    deviceTimeZone: string;
  };
