// The site's own content, the same in every seed: the FAQs, the resources, the pages the console edits and the
// platform's settings (their defaults).
import { DAY, NOW_MS, bool, iso, slug } from "./clock.ts";
import type { People } from "./people.ts";
import type { DB } from "./writer.ts";
import type { PageContent, PageSlug } from "#app/modules/page-content/schema.ts";

const FAQS: Array<[type: "general" | "user" | "guide" | "payments", question: string, answer: string, active: boolean]> = [
  ["general", "What is Ministry Mentors?", "A marketplace that connects pastors and ministry leaders with experienced guides for one-on-one mentoring sessions.", true],
  ["general", "Who are the guides?", "Senior pastors, youth, worship, children's and multi-site leaders with years of local-church experience. Every guide is verified and provides references.", true],
  ["general", "Is what I share confidential?", "Yes. Sessions are never recorded by the platform and guides agree to keep conversations confidential.", true],
  ["general", "Which denominations do you serve?", "Leaders from many traditions use the platform: Baptist, Anglican, Presbyterian, Pentecostal, non-denominational and more.", true],
  ["general", "Do you offer in-person sessions?", "Not at the moment; all sessions take place by video call.", false],
  ["user", "How do I book a session?", "Find a guide on Find a Mentor, open their profile, choose an open time and confirm. You'll get an e-mail with the call link.", true],
  ["user", "Can I reschedule a session?", "Yes, from Bookings in your dashboard. {reschedulePolicy}", true],
  ["user", "What if my mentor does not answer my request?", "{requestExpiryPolicy}", true],
  ["user", "What should I prepare before my first session?", "A short description of your church and the question you most want help with. Add it in the notes when you book.", true],
  ["user", "Can my whole staff team join one session?", "Up to six people can join a session. Mention it in the booking notes so your guide can prepare.", true],
  ["guide", "How do I become a guide?", "Apply through Become a Mentor. We review your experience and references and usually decide within {applicationDecisionTime}.", true],
  ["guide", "How long does verification take?", "Most applications are decided within {applicationDecisionTime}.", true],
  ["guide", "Can I set my own rate?", "Yes. Set an hourly rate or switch on pay-what-you-want so mentees choose what to pay.", true],
  ["guide", "How are guides paid?", "{payoutPolicy}", true],
  ["guide", "Do guides need to be ordained?", "No. We look for proven ministry leadership and good references rather than a particular credential.", false],
  ["payments", "How does pay-what-you-want work?", "Some guides let you choose the price, including nothing at all, so cost never keeps a leader from getting help.", true],
  ["payments", "When is my card charged?", "When you confirm the booking, on Stripe's secure payment page. {holdPolicy}", true],
  ["payments", "What is the cancellation policy?", "{cancellationPolicy}", true],
  ["payments", "What if my mentor does not come?", "{noShowPolicy}", true],
  ["payments", "Can my church pay for my sessions?", "Yes. Contact support and we'll send a monthly invoice to your church.", true],
  ["payments", "Do you accept checks?", "We only accept card payments at the moment.", false],
];

export function insertFaqs(db: DB) {
  const faq = db.prepare(`INSERT INTO "Faq" (type, question, answer, isActive, position, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const positions = new Map<string, number>();
  FAQS.forEach(([type, question, answer, active], i) => {
    const position = positions.get(type) ?? 0;
    positions.set(type, position + 1);
    const createdAt = NOW_MS - (400 - i * 7) * DAY;
    faq.run(type, question, answer, bool(active), position, iso(createdAt), iso(createdAt + (active ? 0 : 30 * DAY)));
  });
  return FAQS.length;
}

const RESOURCES: Array<[title: string, type: "article" | "guide" | "video" | "podcast" | "template", description: string]> = [
  ["Volunteer Onboarding Checklist", "template", "A one-page checklist for welcoming, training and following up with new volunteers."],
  ["12-Month Preaching Calendar", "template", "Plan sermon series around the church year, school calendar and local events."],
  ["Leading Through a Building Campaign", "guide", "From feasibility study to dedication Sunday: phases, timelines and communication."],
  ["Child Safety Policy Starter Guide", "guide", "Check-in, two-adult rules, background checks and incident reporting for churches of any size."],
  ["Planning a Worship Set in Five Steps", "video", "A worship pastor walks through building a set that serves the sermon."],
  ["The Small Church Leadership Podcast: Volunteers", "podcast", "Three pastors of churches under 150 share how they raise up leaders."],
  ["How to Run an Effective Elder Meeting", "article", "Agendas, prayer, decisions and minutes: a practical guide for boards."],
  ["Annual Church Budget Template", "template", "A spreadsheet with ministry lines, giving forecasts and a reserve plan."],
  ["First 100 Days as Senior Pastor", "guide", "What to learn, who to meet and what not to change in your first season."],
  ["Sabbath Rhythms for Busy Pastors", "article", "Why rest is part of leadership and how to protect a weekly day off."],
  ["Launching Small Groups This Fall", "video", "Recruit hosts, choose curriculum and connect new people in six weeks."],
  ["Youth Ministry Parent Meeting Kit", "template", "Slides, agenda and handouts for a start-of-year parents' meeting."],
  ["Church Planting Core Team Guide", "guide", "How to gather, train and keep a core team before launch Sunday."],
  ["Livestream Setup on a Budget", "video", "Cameras, audio and volunteers for a simple, reliable church livestream."],
  ["Caring for the Grieving", "podcast", "A hospital chaplain on visiting, listening and the long months after a funeral."],
];

export function insertResources(db: DB) {
  const resource = db.prepare(`INSERT INTO "Resource" (title, description, type, link, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`);
  RESOURCES.forEach(([title, type, description], i) => {
    const createdAt = NOW_MS - (360 - i * 23) * DAY;
    resource.run(title, description, type, `https://example.org/resources/${slug(title)}`, iso(createdAt), iso(createdAt));
  });
  return RESOURCES.length;
}

const PAGE_CONTENT: Record<PageSlug, PageContent> = {
  home: {
    hero: {
      heading: "Wise counsel for the people who shepherd others",
      subheading: "Book one-on-one sessions with experienced pastors and ministry leaders who have walked the road you're on: building campaigns and burnout, youth ministry and church planting.",
      ctaLabel: "Find a mentor",
      ctaHref: "/search",
    },
    sections: [
      { heading: "Mentors who have been there", body: "Every guide is a verified ministry leader with years of local-church experience and references we have checked: senior pastors, youth and worship pastors, children's ministry directors and multi-site leaders." },
      { heading: "Sessions that fit a ministry calendar", body: "Book an hour when you need it, not a year-long programme. Pick a time that works around Sunday, bring your real questions and leave with next steps." },
      { heading: "Help for every kind of church", body: "Rural and urban, church plants and hundred-year-old congregations, bivocational pastors and large staff teams. Many guides offer pay-what-you-want sessions so cost never keeps a leader from getting help." },
    ],
    testimonials: [
      { quote: "Three sessions with my guide gave me the courage and a plan to lead our first capital campaign. We opened the new children's wing in October.", author: "Sarah J.", role: "Associate Pastor, New Hope Fellowship" },
      { quote: "I was close to quitting. Talking with someone who had survived the same season changed everything.", author: "Marcus T.", role: "Youth Pastor" },
      { quote: "Practical, prayerful and honest. Our elder meetings are completely different now.", author: "Rev. Linda K.", role: "Lead Pastor, Hope City Church" },
    ],
    cta: { heading: "You don't have to lead alone", body: "Find a guide who understands your church, your role and your season of ministry.", label: "Browse mentors", href: "/search" },
  },
  platform: {
    hero: {
      heading: "How Ministry Mentors works",
      subheading: "A simple, safe place for church leaders to find experienced mentors, book sessions and grow, with everything from scheduling to payment in one place.",
      ctaLabel: "Get started",
      ctaHref: "/signup",
    },
    sections: [
      { heading: "1. Find the right guide", body: "Search by ministry area, specialty, language and price. Read guides' stories, watch their introduction videos and see what other leaders say." },
      { heading: "2. Book a time", body: "Choose an open slot on the guide's calendar. Add a few notes about your church and your question so your guide can prepare." },
      { heading: "3. Meet and grow", body: "Meet by video for an hour. Many leaders book a follow-up a month later to report back and take the next step." },
      { heading: "Safe and confidential", body: "Guides are verified and agree to a code of conduct. Sessions are never recorded, and payments are handled securely by our card provider." },
    ],
    testimonials: [
      { quote: "Booking took two minutes and my guide had read my notes before we even started.", author: "Daniel R.", role: "Church Planter" },
      { quote: "Our church pays for mentoring for all three staff pastors with a single monthly invoice.", author: "Grace M.", role: "Church Administrator" },
    ],
    cta: { heading: "Ready for a conversation that moves your ministry forward?", body: "Create a free account and book your first session today.", label: "Create an account", href: "/signup" },
  },
  become_a_guide: {
    hero: {
      heading: "Pass on what God has taught you",
      subheading: "Mentor the next generation of pastors and ministry leaders. Share the lessons of your years in ministry, on your schedule and at your price.",
      ctaLabel: "Apply to be a mentor",
      ctaHref: "/guide-application",
    },
    sections: [
      { heading: "Who we're looking for", body: "Pastors and ministry leaders with at least three years of leadership experience, a healthy home church and two references who can speak to your character and ministry." },
      { heading: "Set your own schedule and rate", body: "Open the times that suit you and choose an hourly rate, or offer pay-what-you-want sessions to serve smaller churches." },
      { heading: "How the application works", body: "Tell us about your ministry and add two references; a link to a short introduction video is welcome but optional. Our team reviews every application and writes to you either way." },
    ],
    testimonials: [
      { quote: "Mentoring younger pastors has been the most life-giving part of my week since I retired from the pulpit.", author: "Pastor Harold W.", role: "Pastor Emeritus" },
      { quote: "I mentor worship leaders on three continents without leaving my studio.", author: "Ana P.", role: "Director of Worship Arts" },
    ],
    cta: { heading: "Your story could be someone's turning point", body: "Join a community of guides serving leaders who serve the church.", label: "Start your application", href: "/guide-application" },
  },
};

/** When the demo's admin published version 1 of the confidentiality covenant: three months ago. */
export const COVENANT_PUBLISHED_MS = NOW_MS - 90 * DAY;

/** Version 1 of the confidentiality covenant between each mentee and mentor, as the demo's admin published it. */
export const COVENANT_V1 = `What you share in a mentoring conversation stays between you and your mentor. Pastors and ministry leaders often carry what they cannot say in their own church; this covenant is how we keep that space safe.

Confidentiality. Neither of us will repeat, write about or pass on what the other shares in our sessions or messages, by name or in a way that could identify anyone, without the other's clear permission. This holds after our mentoring ends.

Where confidentiality has limits. Safety and the law come first. A mentor may need to share what they learn, with the least information needed and, where possible, after telling you first, when:
- there is a serious risk that someone will harm themselves or another person;
- a child, or a vulnerable adult, is being abused or is at risk of abuse;
- a court order or the law requires it.

How we treat each other. We meet with respect and honesty, keep the times we agree and say so early when we cannot. We keep a mentoring relationship: no romantic relationship, and no financial dealings (loans, investments, business offers) beyond paying for sessions through Ministry Mentors. Nobody records a session, in sound or video, without the other's consent given beforehand.

If something goes wrong, either of us may end the mentoring at any time and may write to the Ministry Mentors team.`;

export function insertPagesAndSettings(db: DB, people: People) {
  const page = db.prepare(`INSERT INTO "PageContent" (slug, content, updatedById, updatedAt) VALUES (?, ?, ?, ?)`);
  Object.entries(PAGE_CONTENT).forEach(([slugName, doc], i) => {
    page.run(slugName, JSON.stringify(doc), people.admin.id, iso(NOW_MS - (40 - i * 10) * DAY));
  });
  db.prepare(`INSERT INTO "PlatformSettings" (id, updatedAt) VALUES (1, ?)`).run(iso(NOW_MS - 100 * DAY));
  db.prepare(`INSERT INTO "CovenantVersion" (version, text, publishedAt, publishedById) VALUES (1, ?, ?, ?)`).run(COVENANT_V1, iso(COVENANT_PUBLISHED_MS), people.admin.id);
}
