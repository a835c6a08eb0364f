import { faker } from "@faker-js/faker";

/** A complete application as a browser without JavaScript sends it (lists as name[index]). */
export function application(overrides: Record<string, string | undefined> = {}) {
  const tag = faker.string.alpha({ length: 10, casing: "lower" });
  const fields: Record<string, string | undefined> = {
    name: "Ruth Ann O'Brien-Kay",
    email: `ruth.${tag}@test.example`,
    phone: "(503) 555-0147",
    password: "Str0ng!pass",
    confirmPassword: "Str0ng!pass",
    title: "Senior Pastor",
    organisation: `Grace Fellowship ${tag}`,
    experience: "18",
    category: "Senior Pastors",
    "education[0]": "M.Div., Fuller Theological Seminary",
    "education[1]": "  ",
    "languages[0]": "English",
    "languages[1]": "Spanish",
    "expertise[0]": "Church planting",
    "expertise[1]": "Elder boards",
    specialties: "leadership",
    bio: "Planted two churches and led one through a merger.",
    recentSuccess: "Helped a neighbouring church call its first pastor",
    videoUrl: "https://www.youtube.com/embed/abc123",
    "references[0]": "Rev. Ana Diaz, Senior Pastor, Hope Church",
    "references[1]": "",
    "references[2]": "Dr. Paul Kim, District Superintendent",
    howToServe: `I would love to walk with pastors in their first five years, two evenings a week. ${tag}`,
    price: "75.50",
    terms: "on",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
