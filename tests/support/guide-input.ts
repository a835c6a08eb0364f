import { faker } from "@faker-js/faker";

/** A guide as the console's API takes it, with a surname no other test uses. */
export function guideInput(overrides: Record<string, unknown> = {}) {
  const tag = faker.string.alpha({ length: 8, casing: "lower" });
  return {
    name: `Grace Zq${tag}`,
    email: `grace.${tag}@test.example`,
    phone: "(503) 555-0147",
    password: "Str0ng!pass",
    confirmPassword: "Str0ng!pass",
    title: "Senior Pastor",
    organisation: "Hope Church",
    experience: 12,
    education: ["M.Div."],
    languages: ["English"],
    bio: "Pastored for twelve years.",
    specialties: ["leadership"],
    expertise: ["Elder boards"],
    category: "Senior Pastors",
    isToggled: false,
    accountStatus: true,
    recentSuccess: "A capital campaign",
    videoUrl: "",
    references: ["Rev. Thomas Greene"],
    ...overrides,
  };
}
