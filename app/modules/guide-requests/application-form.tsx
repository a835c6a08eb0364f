// The form pieces the application shares with the console's guide form and the guide's profile live in the guides module.
export { describedBy, FormSection, HintedField, ListField } from "#app/modules/guides/guide-form-fields.tsx";

/** What the application form holds, as text: guideApplicationSchema turns it into an application. */
export type ApplicationFormValues = {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  title: string;
  organisation: string;
  experience: string;
  category: string;
  education: string[];
  languages: string[];
  expertise: string[];
  references: string[];
  bio: string;
  specialties: string[];
  recentSuccess: string;
  videoUrl: string;
  payWhatYouWant: boolean;
  price: string;
  howToServe: string;
  terms: boolean;
};

