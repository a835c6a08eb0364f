// The demo's blog posts and success stories (prisma/seed/ calls these), with cover pictures drawn here
// and stored like any upload (WebP in the Upload table). Deterministic: fixed dates relative to the
// seed's "now", and upload ids derived from each post's slug.
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import sharp from "sharp";

type DB = Database.Database;
type Kind = "blog" | "story";

type SeedPost = {
  kind: Kind;
  slug: string;
  title: string;
  summary: string;
  author: string;
  /** Days before the seed's "now" it was published; null: a draft. */
  daysAgo: number | null;
  /** Cover colours: from, to, accent. */
  palette: [string, string, string];
  body: string;
};

export const POSTS: SeedPost[] = [
  {
    kind: "blog",
    slug: "the-monday-after-easter",
    title: "The Monday After Easter: Rest Before You Plan",
    summary: "The biggest Sunday of the year leaves most pastors empty. Three practices our guides use to recover before they open the calendar again.",
    author: "Rev. Dr. Harold Whitfield",
    daysAgo: 12,
    palette: ["#312e81", "#6366f1", "#fbbf24"],
    body: `Every pastor knows the feeling. Easter Sunday ends, the chairs are stacked, the last family photo is taken by the lilies, and on Monday morning you wake up with nothing left. For thirty-one years I treated that Monday as a planning day. I was wrong.

## Tired is not a character flaw

Preaching three or four services, welcoming guests and carrying the weight of a congregation's hopes takes something out of the body. Adrenaline hides it until it doesn't. The week after a high Sunday is when many of the pastors I mentor make their worst decisions: the angry e-mail to a board member, the resignation letter drafted at midnight, the new programme announced before anyone has prayed about it.

## Three practices for the week after

- **Protect Monday completely.** No e-mail, no staff texts, no "quick look" at the attendance numbers. Tell your elders ahead of time so nobody is surprised.
- **Debrief on Thursday, not Monday.** Gather your team when they have slept. Ask what went well, what nobody noticed, and who served beyond their strength.
- **Follow up with people, not statistics.** Write five handwritten notes to first-time guests and five to volunteers. The numbers will still be there next week.

> "Come to me, all you who are weary and burdened, and I will give you rest." That invitation was not written only for your congregation.

If you find that the exhaustion does not lift after a week or two, talk to someone. A guide who has preached a hundred Easters can help you tell the difference between a tired season and something that needs more care.`,
  },
  {
    kind: "blog",
    slug: "five-questions-before-a-building-campaign",
    title: "Five Questions to Ask Before You Start a Building Campaign",
    summary: "Before the architect and the pledge cards, answer these honestly with your board. They have saved more than one church from a decade of debt.",
    author: "Pastor Denise Carter",
    daysAgo: 26,
    palette: ["#0f766e", "#14b8a6", "#fde68a"],
    body: `I have led two capital campaigns. The first nearly broke our church; the second funded a children's wing that is full every Sunday. The difference was not the economy or the consultant. It was the questions we asked before we began.

## 1. What ministry will this building make possible?

"We need more space" is not a vision. "We turn away thirty families from our preschool every fall" is. Write down the ministry first and the square footage second.

## 2. Have we used the space we already have?

Walk your building on a Tuesday. If classrooms sit empty six days a week, a second service or a shared schedule may serve you better than a new wing.

## 3. Can we carry the debt if giving drops by 20%?

Giving fell sharply at many churches in 2020. Build your budget so that a hard year means fewer extras, not a missed mortgage payment.

## 4. Who will lead it, and what will they stop doing?

A campaign is a second full-time job for someone on staff. Decide now what that person will hand off for eighteen months.

## 5. Is the congregation ready to be asked?

If trust is thin after a conflict or a staff departure, heal that first. A campaign magnifies whatever is already true about a church.

None of these questions need to be answered alone. Several of our guides have led campaigns in rural, suburban and multi-site churches and are glad to walk your board through them.`,
  },
  {
    kind: "blog",
    slug: "leading-volunteers-who-are-older-than-you",
    title: "Leading Volunteers Who Are Older Than You",
    summary: "Young pastors often inherit teams of faithful people who have served longer than they have been alive. Respect, listening and small wins go a long way.",
    author: "Marcus Thompson",
    daysAgo: 41,
    palette: ["#7c2d12", "#ea580c", "#fef3c7"],
    body: `When I became youth pastor at twenty-six, the youth team included a retired schoolteacher who had taught half the parents in our church. She had run the fall retreat for nineteen years. I had run it for zero.

## Start by asking for their story

Before changing anything, I took every long-serving volunteer out for coffee and asked three questions: *Why did you start? What are you proudest of? What do you wish had been different?* I learned more about our church in those conversations than in any staff meeting.

## Honour what works

Not everything old is broken. Our retreat had a Saturday night testimony time that students still talked about years later. I kept it, said publicly where it came from, and built the new parts around it.

## Change one thing at a time

When change is needed, choose one thing, explain why in plain words, and invite the people most affected to shape it. A small win builds the trust you will need for the bigger decisions.

## Let them mentor you

The schoolteacher became my unofficial mentor. She taught me how to talk to anxious parents and how to spot a student who was struggling at home. I would not have lasted without her.

If you are new in a role and feel the gap in years, a guide who has been in your shoes can help you find your footing without losing your conviction.`,
  },
  {
    kind: "blog",
    slug: "a-sabbath-that-survives-sunday",
    title: "A Sabbath That Survives Sunday",
    summary: "Sunday is a workday for pastors, so when do you rest? Practical patterns from bivocational and full-time leaders who found a day off that lasts.",
    author: "Rev. Linda Kim",
    daysAgo: 58,
    palette: ["#1e3a8a", "#3b82f6", "#bfdbfe"],
    body: `The fourth commandment was not suspended for people in ministry, yet most pastors I meet have not had a true day off in months. Here is what has worked for leaders I mentor.

## Pick a day your church can see

Choose a day, put it on the church calendar and tell the congregation. People respect a boundary they know about; they resent one they keep bumping into.

## Decide what counts as work

For one pastor, sermon reading is work; for another it is joy. Write down what you will not do on your Sabbath: e-mail, counselling calls, budget spreadsheets. Everything else is permitted.

## Build a rota for emergencies

Deaths and hospital visits do not wait. Arrange with an elder or a neighbouring pastor to cover each other's days off, so that "emergency" means a real emergency.

## For bivocational pastors

If you work another job during the week, a full day may be impossible this season. Start with an evening, protect it fiercely, and grow from there.

Rest is not a reward for finishing the work. The work is never finished. Rest is how you keep being the kind of person who can do it.`,
  },
  {
    kind: "blog",
    slug: "what-to-bring-to-your-first-mentoring-session",
    title: "What to Bring to Your First Mentoring Session",
    summary: "An hour goes quickly. A little preparation helps your guide understand your church and get to the heart of your question on the first call.",
    author: "The Ministry Mentors Team",
    daysAgo: 73,
    palette: ["#4338ca", "#818cf8", "#fcd34d"],
    body: `You have booked your first session. Here is how to make the most of it.

## Before the call

1. **Write one question.** Not five. "How do I handle an elder who undermines decisions after meetings?" is better than "leadership".
2. **Describe your church in three sentences** in the booking notes: size, setting, tradition and your role.
3. **Note what you have already tried.** It saves time and shows your guide where to start.

## During the call

- Find a quiet room and use headphones. Sessions are confidential; make sure your side is too.
- It is fine to be honest about how you are really doing. Guides have heard it before.
- Take notes, or ask your guide if you may record your own summary afterwards.

## After the call

Write down one next step and a date. Many leaders book a follow-up a month later to report back. Progress is easier when someone is expecting to hear how it went.

Questions about booking? Visit the [Support Center](/support) or read our [FAQ](/faq).`,
  },
  {
    kind: "blog",
    slug: "preaching-through-grief-in-a-small-town",
    title: "Preaching Through Grief in a Small Town",
    summary: "When a tragedy touches the whole community, the pastor is expected to speak. Notes on the sermon after the funeral, from pastors who have had to preach it.",
    author: "Pastor James Okafor",
    daysAgo: null,
    palette: ["#334155", "#64748b", "#e2e8f0"],
    body: `Draft. In a town of two thousand people, everyone knows the family. The sermon the Sunday after a funeral is not like other sermons.

## Say the name

Do not speak in vague terms about "recent events". Say the name, with the family's permission.

## Leave room for lament

Not every sermon needs a tidy resolution. The Psalms give us words for grief that does not resolve by the final verse.`,
  },
  {
    kind: "story",
    slug: "from-burnout-to-a-sustainable-rhythm",
    title: "From Burnout to a Sustainable Rhythm",
    summary: "After eleven years leading a growing congregation, Pastor Daniel Reyes was ready to resign. Six sessions with a guide helped him stay, and lead differently.",
    author: "Daniel Reyes, Lead Pastor, Cornerstone Community Church",
    daysAgo: 9,
    palette: ["#166534", "#22c55e", "#fef9c3"],
    body: `By the spring of last year I had written my resignation letter twice. Our church had grown from 180 to nearly 600 people in five years, and I was still trying to pastor it the way I had when I knew every family by name.

## Finding someone who had been there

A friend sent me a link to Ministry Mentors. I booked a session with a guide who had led a church through the same kind of growth in the 1990s. In our first hour he asked me one question I could not answer: "Who pastors you?"

## What changed

Over six sessions across four months we worked on three things:

- **Handing off care.** We trained a team of eight lay shepherds, each responsible for about forty households. I still visit the hospital, but I no longer carry every crisis alone.
- **A weekly day off** that our elders announced from the pulpit, so nobody felt guilty about protecting it.
- **An honest conversation with my board** about what I could sustain, which went far better than I feared.

## A year later

I am still here. Attendance has kept growing, but more importantly our staff turnover stopped, and my wife says I am present at dinner again. I now meet with my guide every other month, and I have started mentoring two younger pastors in our network myself.`,
  },
  {
    kind: "story",
    slug: "a-youth-group-that-doubled-in-a-rural-county",
    title: "A Youth Group That Doubled in a Rural County",
    summary: "Sarah Jenkins inherited eleven students and a van that barely ran. With a mentor's help she built a volunteer team, and the group grew to twenty-six.",
    author: "Sarah Jenkins, Youth Director, First Baptist Church of Millbrook",
    daysAgo: 23,
    palette: ["#9a3412", "#f97316", "#ffedd5"],
    body: `Millbrook has one stoplight and one high school. When I became youth director, our group had eleven students and every event depended on me.

## The problem was not the programme

My guide, a youth pastor with twenty years in rural churches, listened to my plans for a new Wednesday night and then asked how many adults knew our students by name. The honest answer was one: me.

## Building a team

We spent our sessions on recruiting and keeping volunteers:

1. I stopped making announcements and started asking people personally, with a clear, short commitment: one Wednesday a month for a school year.
2. We paired every new volunteer with an experienced parent for their first three nights.
3. I thanked volunteers in writing every month, and told them specific stories of students they had helped.

## What happened

Within a year we had nine regular volunteers. Students started bringing friends because an adult they trusted had invited them. We finished the spring semester with twenty-six students, and last summer, for the first time, I took a week of vacation while the group met without me.`,
  },
  {
    kind: "story",
    slug: "planting-a-church-without-losing-our-marriage",
    title: "Planting a Church Without Losing Our Marriage",
    summary: "Planting a church in Phoenix put a strain on Andre and Michelle Washington that no assessment had prepared them for. A guide couple helped them set boundaries that held.",
    author: "Andre Washington, Church Planter, Redemption City Church",
    daysAgo: 47,
    palette: ["#581c87", "#a855f7", "#fde68a"],
    body: `We passed every church-planting assessment. Nobody told us that our kitchen table would become the church office, or that our children would learn to dread Saturday nights.

## Help from people who had done it

We booked sessions with a guide who, with his wife, had planted two churches. Michelle joined the calls. For the first time we talked about the church and our marriage in the same conversation, with someone who was not a member of either.

## The boundaries we set

- **The church office left our house.** We rented a small room at a co-working space for $150 a month. Worth every cent.
- **Friday is family day.** No church texts after 6 p.m. Thursday, and our launch team knows why.
- **One date night a month is in the budget**, as a line item, not an afterthought.

## Where we are now

Redemption City launched with 140 people and is now self-supporting. Our kids ask to help with setup on Sundays. We still check in with our guides every quarter, and we tell every planter we meet to find a mentor before launch, not after.`,
  },
  {
    kind: "story",
    slug: "bringing-two-congregations-together",
    title: "Bringing Two Congregations Together",
    summary: "When Grace Church absorbed a struggling congregation across town, Pastor Ruth Alvarez needed help honouring two histories. Her guide had led three mergers.",
    author: "Ruth Alvarez, Senior Pastor, Grace Church",
    daysAgo: 88,
    palette: ["#0c4a6e", "#0ea5e9", "#e0f2fe"],
    body: `Saint Mark's had worshipped in the same building for ninety-four years. When its members voted to join Grace Church, I knew the legal side would be straightforward. The human side would not.

## Listening before deciding

My guide had led three church mergers. She encouraged me to spend the first three months holding listening sessions in Saint Mark's fellowship hall before we changed a single thing. We heard about weddings, funerals, a fire in 1978 and a pastor who had stayed for thirty years.

## Honouring both histories

- We brought Saint Mark's communion table and its memorial windows into our sanctuary.
- Two of their elders joined our board from the first day.
- Our first joint service included hymns from both traditions, and the oldest member of each church read Scripture.

## One congregation

Eighteen months later, nobody talks about "their people" and "our people". Attendance at our combined services is higher than both churches were separately, and the Saint Mark's building now houses a food pantry that serves four hundred families a month.`,
  },
  {
    kind: "story",
    slug: "worship-team-after-a-painful-split",
    title: "Rebuilding a Worship Team After a Painful Split",
    summary: "Half of Kevin Park's worship team left with a departing staff member. With a mentor, he rebuilt a team around trust rather than talent.",
    author: "Kevin Park, Worship Pastor, New Hope Fellowship",
    daysAgo: null,
    palette: ["#831843", "#ec4899", "#fce7f3"],
    body: `Draft awaiting Kevin's approval. When our associate pastor left to start a new church, seven of our twelve musicians went with him.

## Starting again

My guide helped me see the split as a chance to build the team culture I had always wanted.`,
  },
];

/** A stable UUID-shaped id for a post's cover, from its slug (the images route takes 32-36 hex digits and hyphens). */
function coverId(slug: string) {
  const hex = createHash("sha256").update(`post-cover:${slug}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A calm abstract cover: a diagonal gradient, a sun and two hills, no text (nothing to translate or read aloud). */
function coverSvg([from, to, accent]: SeedPost["palette"]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#g)"/>
  <circle cx="880" cy="230" r="120" fill="${accent}" opacity="0.9"/>
  <path d="M0 520 C 250 400, 450 460, 650 520 S 1000 600, 1200 470 L1200 675 L0 675 Z" fill="#ffffff" opacity="0.18"/>
  <path d="M0 600 C 300 520, 600 640, 900 580 S 1100 540, 1200 580 L1200 675 L0 675 Z" fill="#ffffff" opacity="0.28"/>
</svg>`;
}

export type PostCover = { id: string; data: Buffer };

/** Draws every post's cover as WebP (async, so before the seed's synchronous write transaction). */
export async function renderPostCovers(): Promise<Map<string, PostCover>> {
  const covers = new Map<string, PostCover>();
  for (const post of POSTS) {
    const data = await sharp(Buffer.from(coverSvg(post.palette))).webp({ quality: 80 }).toBuffer();
    covers.set(post.slug, { id: coverId(post.slug), data });
  }
  return covers;
}

/** Writes the posts and their covers; `iso` writes a time as Prisma does, `nowMs` is the seed's "now". */
export function insertPosts(db: DB, covers: Map<string, PostCover>, { nowMs, iso }: { nowMs: number; iso: (ms: number) => string }) {
  const DAY = 86_400_000;
  const upload = db.prepare(`INSERT INTO "Upload" (id, contentType, fileName, byteSize, data, createdAt) VALUES (?, ?, ?, ?, ?, ?)`);
  const post = db.prepare(
    `INSERT INTO "Post" (kind, slug, title, summary, body, author, coverImageId, publishedAt, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const each of POSTS) {
    const publishedMs = each.daysAgo === null ? null : nowMs - each.daysAgo * DAY + 15 * 3_600_000 - nowMs % DAY;
    const createdMs = (publishedMs ?? nowMs - 3 * DAY) - 5 * DAY;
    const cover = covers.get(each.slug)!;
    upload.run(cover.id, "image/webp", `${each.slug}.webp`, cover.data.byteLength, cover.data, iso(createdMs));
    post.run(each.kind, each.slug, each.title, each.summary, each.body, each.author, cover.id, publishedMs === null ? null : iso(publishedMs), iso(createdMs), iso(publishedMs ?? nowMs - 2 * DAY));
  }
  return POSTS.length;
}
