import { z } from "zod";

/** GET /api/v1/mentors: Find a Mentor's answer (SearchResult of query.ts). */
const facet = <V extends z.ZodType>(value: V) => z.array(z.object({ value, label: z.string(), count: z.number().int() }));

const mentorCard = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  organisation: z.string().nullable(),
  imageId: z.string().nullable().describe("The picture's id: GET /images/{imageId}"),
  category: z.string().nullable(),
  specialties: z.array(z.string()).describe("The labels of the guide's first few specialties"),
  moreSpecialties: z.number().int(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  payWhatYouWant: z.boolean(),
  hourlyRateCents: z.number().int(),
  price: z.string().describe('"$95.00 for 60 minutes", "from $50.00 for 30 minutes", "Pay what you want"'),
  experienceYears: z.number().int(),
  nextFreeAt: z.iso.datetime({ offset: true }).nullable(),
});

export const searchResponse = z.object({
  mentors: z.array(mentorCard),
  facets: z.object({
    category: facet(z.string()),
    specialty: facet(z.string()),
    language: facet(z.string()),
    price: facet(z.string()),
    pwyw: z.number().int(),
    free: facet(z.number().int()),
    rating: facet(z.number()),
  }),
  meta: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
});
