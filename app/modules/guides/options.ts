// The guide categories and specialties of SPEC §3, free of zod so public pages can show their labels cheaply.

/** SPEC §3: the guide categories, in the order the form offers them. */
export const GUIDE_CATEGORIES = ["Senior Pastors", "Youth Ministry", "Worship Pastors", "Children's Ministry", "Multi-Site"] as const;

/** SPEC §3: the 16 specialty codes and their labels. */
export const SPECIALTY_OPTIONS = [
  { code: "leadership", label: "Leadership" },
  { code: "churchGrowth", label: "Church Growth" },
  { code: "strategicPlanning", label: "Strategic Planning" },
  { code: "discipleship", label: "Discipleship" },
  { code: "worshipPlanning", label: "Worship Planning" },
  { code: "youthMinistry", label: "Youth Ministry" },
  { code: "childrensMinistry", label: "Children's Ministry" },
  { code: "smallGroups", label: "Small Groups" },
  { code: "missions", label: "Missions" },
  { code: "evangelism", label: "Evangelism" },
  { code: "churchPlanting", label: "Church Planting" },
  { code: "pastoralCare", label: "Pastoral Care" },
  { code: "administration", label: "Administration" },
  { code: "finance", label: "Finance" },
  { code: "technology", label: "Technology" },
  { code: "communications", label: "Communications" },
] as const;

export type SpecialtyCode = (typeof SPECIALTY_OPTIONS)[number]["code"];
export const SPECIALTY_CODES = SPECIALTY_OPTIONS.map((option) => option.code) as [SpecialtyCode, ...SpecialtyCode[]];

/** What the expertise inputs let a person type: letters and spaces. */
export const EXPERTISE_TYPING = /[^\p{L} ]/gu;
