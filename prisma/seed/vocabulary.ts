// The words the seed's people are made of: their categories, specialties, titles, churches, bios, sessions and
// questions. Drawn from by the factories (people.ts, bookings.ts) for the demo's crowd and the scale generator alike.
//
// Guide and mentee text must pass the admin console's own forms, so "Edit" on a seeded person shows
// no errors (app/modules/guides/schema.ts, app/modules/users/schema.ts):
//   guide title, organisation, bio   letters, digits, spaces and . , ' - only (no & ; : ( ) ! ? /)
//   guide expertise, languages       2-50 letters, spaces, apostrophes, hyphens (no digits or commas)
//   guide education                  2-100 letters, spaces and . , ' - (no digits)
//   guide references                 2-100 characters; recent success up to 200
//   mentee name                      letters and spaces only; title, organisation, education, bio required
// Reviews, FAQs, messages, queries and page content are not edited through those forms.

export const CATEGORIES = ["Senior Pastors", "Youth Ministry", "Worship Pastors", "Children's Ministry", "Multi-Site"] as const;
export type Category = (typeof CATEGORIES)[number];

export const SPECIALTIES = [
  "leadership", "churchGrowth", "strategicPlanning", "discipleship", "worshipPlanning", "youthMinistry",
  "childrensMinistry", "smallGroups", "missions", "evangelism", "churchPlanting", "pastoralCare",
  "administration", "finance", "technology", "communications",
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const CATEGORY_PROFILE: Record<Category, { titles: string[]; specialties: Specialty[] }> = {
  "Senior Pastors": {
    titles: ["Senior Pastor", "Lead Pastor", "Founding Pastor", "Pastor Emeritus", "Teaching Pastor"],
    specialties: ["leadership", "churchGrowth", "strategicPlanning", "pastoralCare", "finance"],
  },
  "Youth Ministry": {
    titles: ["Youth Pastor", "Student Ministries Director", "Next Gen Pastor", "Youth and Young Adults Pastor"],
    specialties: ["youthMinistry", "discipleship", "smallGroups", "evangelism", "missions"],
  },
  "Worship Pastors": {
    titles: ["Worship Pastor", "Director of Worship Arts", "Creative Arts Pastor", "Music and Worship Director"],
    specialties: ["worshipPlanning", "technology", "leadership", "communications"],
  },
  "Children's Ministry": {
    titles: ["Children's Pastor", "Family Ministry Director", "Kids Ministry Director", "Early Childhood Director"],
    specialties: ["childrensMinistry", "discipleship", "administration", "smallGroups"],
  },
  "Multi-Site": {
    titles: ["Executive Pastor", "Campus Pastor", "Multi-Site Director", "Director of Church Planting"],
    specialties: ["churchPlanting", "strategicPlanning", "administration", "finance", "technology", "communications"],
  },
};

export const EXPERTISE: Record<Specialty, string[]> = {
  leadership: ["Raising up volunteer leaders", "Building a healthy elder board", "Leading a staff team through change", "Leading a church through conflict"],
  churchGrowth: ["Breaking the two hundred attendance barrier", "Assimilating first-time guests", "Revitalising a plateaued church"],
  strategicPlanning: ["Leading through a building campaign", "Vision casting and five-year planning", "Succession planning for senior leaders"],
  discipleship: ["Designing a discipleship pathway", "Mentoring new believers one-on-one", "Men's and women's ministry that disciples"],
  worshipPlanning: ["Planning seasonal worship series", "Building and shepherding a worship team", "Blending traditional and contemporary worship"],
  youthMinistry: ["Reaching unchurched teenagers", "Partnering with parents of teens", "Keeping graduates connected to church"],
  childrensMinistry: ["Safe check-in and child protection policy", "Recruiting and keeping kids ministry volunteers", "Family ministry that equips parents"],
  smallGroups: ["Launching a small group system", "Training small group hosts", "Groups that multiply instead of stall"],
  missions: ["Short-term mission trips that do no harm", "Long-term global church partnerships", "Local mission and community partnerships"],
  evangelism: ["Equipping members to share their faith", "Outreach events that lead to follow-up", "Alpha and other evangelism courses"],
  churchPlanting: ["Launching a church plant", "Core team development", "Parent-church and plant partnerships"],
  pastoralCare: ["Grief and hospital ministry", "Pre-marital and marriage mentoring", "Care teams so the pastor is not the only carer", "Preventing burnout in pastors and staff"],
  administration: ["Church governance and bylaws", "Staff structures and job descriptions", "Policies and calendars for church operations"],
  finance: ["Church budgeting and stewardship", "Capital campaigns and a culture of generosity", "Reading monthly financials with your board"],
  technology: ["Livestream and hybrid church", "Choosing a church management system", "Sound and lighting with volunteer tech teams"],
  communications: ["Church social media strategy", "Clear Sunday announcements and weekly email", "Rebranding without losing your people"],
};

export const LANGUAGES = ["Spanish", "Korean", "Portuguese", "French", "Swahili"];

export const TIME_ZONES: ReadonlyArray<readonly [number, { zone: string; offset: number }]> = [
  [30, { zone: "America/New_York", offset: -5 }],
  [25, { zone: "America/Chicago", offset: -6 }],
  [8, { zone: "America/Denver", offset: -7 }],
  [18, { zone: "America/Los_Angeles", offset: -8 }],
  [5, { zone: "Europe/London", offset: 0 }],
  [4, { zone: "Africa/Nairobi", offset: 3 }],
  [3, { zone: "Asia/Seoul", offset: 9 }],
  [4, { zone: "America/Sao_Paulo", offset: -3 }],
  [3, { zone: "UTC", offset: 0 }],
];

/** The organisations mentees belong to (about a dozen). */
export const USER_ORGANISATIONS = [
  "Grace Community Church", "New Hope Fellowship", "Cornerstone Bible Church", "Living Water Church",
  "Redeemer Presbyterian Church", "Harvest Point Church", "First Baptist Church of Millbrook",
  "St. Mark's Anglican Church", "Crossroads Christian Fellowship", "Hope City Church",
  "Mosaic Church Collective", "Iglesia Nueva Vida",
];

/**
 * The parts of the scale seed's organisations: a place or a word of faith, then what kind of church or body it is
 * ("Millbrook Baptist Church", "Cornerstone Fellowship"), a few thousand names in all.
 */
export const ORGANISATION_FIRST_WORDS = [
  "Grace", "Hope", "Cornerstone", "Living Water", "Redeemer", "Harvest", "Crossroads", "New Life", "Trinity", "Calvary",
  "Emmanuel", "Bethel", "Shiloh", "Zion", "Good Shepherd", "Faith", "Victory", "Mount Olive", "Cedar Creek", "Riverside",
  "Northside", "Southside", "Eastgate", "Westview", "Lakeside", "Hillcrest", "Oak Grove", "Pine Ridge", "Maple Valley",
  "Millbrook", "Fairview", "Spring Hill", "Greenfield", "Stonebridge", "Brookside", "Highland", "Valley View", "Parkway",
  "Summit", "Harbor", "Lighthouse", "Mosaic", "Vineyard", "Cross Point", "Wellspring", "Solid Rock", "Gateway", "Kingdom",
  "St. Mark's", "St. Paul's", "St. John's", "St. Andrew's", "Christ the King", "Holy Trinity", "Resurrection", "Ascension",
  "Nairobi", "Accra", "Lagos", "Kampala", "Manila", "Seoul", "Sao Paulo", "Lima", "Bogota", "Guadalajara", "Chicago",
  "Dallas", "Atlanta", "Denver", "Portland", "Nashville", "Memphis", "Houston", "Phoenix", "Columbus", "Richmond",
] as const;
export const ORGANISATION_LAST_WORDS: ReadonlyArray<readonly [words: string, kind: string]> = [
  ["Baptist Church", "church"], ["Community Church", "church"], ["Bible Church", "church"], ["Fellowship", "church"],
  ["Presbyterian Church", "church"], ["Methodist Church", "church"], ["Church of God", "church"], ["Chapel", "church"],
  ["Christian Church", "church"], ["Lutheran Church", "church"], ["Anglican Church", "church"], ["Assembly", "church"],
  ["Covenant Church", "church"], ["Church", "church"], ["Evangelical Church", "church"], ["Mennonite Church", "church"],
  ["Church Network", "denomination"], ["Baptist Association", "denomination"], ["Church Planting Network", "denomination"],
  ["Theological Seminary", "seminary"], ["Bible College", "seminary"], ["Ministry Foundation", "foundation"],
  ["Pastoral Care Trust", "foundation"], ["Youth Ministries", "other"], ["Mission Society", "other"],
];

export const GUIDE_ORGANISATIONS = [
  "Northpoint Leadership Network", "The Village Church Network", "Kingdom Builders Leadership Institute",
  "Lighthouse Church Planting Network", "Wellspring Worship Collective", "Shepherd's Heart Pastoral Care",
  "Bridgeway Church", "Summit Youth Ministries", "Little Lambs Children's Ministry Network",
  "Covenant Church, five campuses", "City on a Hill Church", "Trinity Fellowship", "Riverbend Community Church",
  "Faith Bible Church", "Mission Forward Collective", "Emmanuel Korean Presbyterian Church",
  "Iglesia Roca Firme", "Christ Church Nairobi", "Igreja Esperança", "Église Source de Vie",
  "Grace Community Church", "New Hope Fellowship",
];

export const USER_TITLES = [
  "Associate Pastor", "Youth Pastor", "Worship Leader", "Small Groups Director", "Elder", "Deacon",
  "Church Administrator", "Children's Ministry Director", "Missions Coordinator", "Volunteer Coordinator",
  "Communications Director", "Executive Pastor", "Church Planter", "Lay Leader", "Seminary Student",
  "Bivocational Pastor", "Campus Pastor", "Women's Ministry Leader", "Men's Ministry Leader", "Outreach Director",
];

export const USER_EDUCATION = [
  "B.A. in Communications, Liberty University",
  "Currently pursuing an M.Div. at Fuller Theological Seminary",
  "Bible college diploma; ongoing courses through our denomination's leadership program",
  "B.S. in Business Administration and a certificate in biblical studies",
  "M.A. in Christian Education, Wheaton College",
  "High school, plus a lot of on-the-job training as a volunteer",
  "M.Div., Southeastern Baptist Theological Seminary",
  "Bachelor of Music in Worship Arts",
  "B.A. in Psychology; lay counselling training at our church",
  "Associate degree in accounting; church finance workshops",
  "M.A. in Theology, Regent College (part-time, second year)",
  "B.Ed. in Elementary Education",
];

export const USER_EXPERIENCE = [
  "Six years as a volunteer youth leader before joining staff last spring.",
  "Bivocational pastor for four years while teaching high-school history.",
  "Served on the worship team for a decade; stepped into leading it eighteen months ago.",
  "Ten years in corporate project management, now two years as church administrator.",
  "Planted a house church three years ago that now meets in a school cafeteria.",
  "Led small groups for eight years and now oversee forty groups across two campuses.",
  "Children's ministry volunteer for twelve years; hired as director this year.",
  "Elder for five years in a congregation of about 300.",
  "Spent four years on the mission field in Guatemala before returning home.",
  "First full-time ministry role after seminary; eighteen months in.",
  "Twenty years as a deacon; recently asked to lead our care ministry.",
];

export const USER_CHALLENGES = [
  "Our volunteer base is shrinking and the same twelve people do everything.",
  "Attendance has plateaued around 180 for three years and I'm not sure why.",
  "I inherited a staff team that doesn't trust each other.",
  "We're about to start a building campaign and I've never led one.",
  "Balancing ministry and family time; I'm close to burnout.",
  "Our youth group shrinks every fall when students leave for college.",
  "The board and I disagree about how fast we should change the Sunday service.",
  "We lost a third of the congregation after a difficult pastoral transition.",
  "I don't know how to lead people who are older and more experienced than me.",
  "Our budget is 15% behind and we may have to cut a staff position.",
  "We want to launch a second campus but aren't sure we're ready.",
  "Our worship team is talented but the rehearsals are tense.",
  "Keeping kids ministry safe and staffed with background-checked volunteers.",
  "Small groups start strong each January and fade by Easter.",
];

export const USER_BIO_OPENERS = [
  "I serve as {title} at {org}.",
  "I've been part of {org} for most of my adult life and now serve as {title}.",
  "Husband, father of three and {title} at {org}.",
  "Wife, mother and {title} at {org}.",
  "I came to faith in college and have served at {org} ever since.",
  "{title} at {org}, and a coffee-fuelled student of leadership.",
];
export const USER_BIO_MIDDLES = [
  "I love seeing ordinary people discover the gifts God has given them.",
  "Most of my week is spent with volunteers, and I want to get better at equipping them.",
  "Our church is in a season of transition and I'm looking for wise counsel.",
  "I'm passionate about discipleship that reaches beyond Sunday morning.",
  "Our community is changing quickly, and our church needs to change with it.",
  "I'm learning how to lead a team rather than do everything myself.",
];
export const USER_BIO_CLOSERS = [
  "Looking for a mentor who has walked this road before.",
  "Outside church you'll find me hiking with my family.",
  "I'm here to learn and to grow as a leader.",
  "Grateful for every conversation that sharpens me.",
  "",
];

/**
 * Education for the mentees who list no degree (the user form requires one). Chosen in turn rather
 * than drawn, so the random sequence, and with it every later row, stays the same.
 */
export const USER_INFORMAL_EDUCATION = [
  "No formal theological training yet, learning on the job and through our church's leadership courses",
  "Some college, plus our denomination's lay leadership program",
  "High school diploma and years of volunteer training at church",
  "Self-taught through books, conferences and mentoring from our senior pastor",
];

export const GUIDE_EDUCATION = [
  "M.Div., Dallas Theological Seminary", "D.Min., Gordon-Conwell Theological Seminary",
  "B.A. Biblical Studies, Moody Bible Institute", "M.A. Worship Studies, Liberty University",
  "Th.M., Trinity Evangelical Divinity School", "B.S. Elementary Education, Baylor University",
  "M.A. Youth Ministry, Asbury Theological Seminary", "M.B.A., Regent University",
  "Certificate in Church Planting, Redeemer City to City", "M.A. Intercultural Studies, Fuller Theological Seminary",
  "B.A. Communications, Azusa Pacific University", "M.A. Counseling, Reformed Theological Seminary",
  "D.Min. in Church Revitalization, Southern Seminary", "B.Mus. Church Music, Belmont University",
];

/**
 * What a guide's bio says of their own specialty. Every specialty has an active guide (see buildPeople), so the home
 * page's example searches (EXAMPLE_SEARCHES in app/modules/mentor-search/query.ts) each find someone in the demo.
 */
export const SPECIALTY_FOCUS: Record<Specialty, string> = {
  leadership: "Much of their mentoring is with pastors leading a staff or a board through conflict.",
  churchGrowth: "They help plateaued churches welcome guests well and keep them.",
  strategicPlanning: "They have walked several churches through a building campaign, from first vision to dedication Sunday.",
  discipleship: "They help churches build a discipleship pathway that ordinary members can follow.",
  worshipPlanning: "They coach worship leaders who want a team that serves the sermon and lasts.",
  youthMinistry: "They spent years in youth ministry and love helping youth pastors partner with parents.",
  childrensMinistry: "They help children's ministries recruit, train and keep their volunteers.",
  smallGroups: "They help churches launch small groups and train the volunteers who host them.",
  missions: "They help churches build mission partnerships that serve both sides well.",
  evangelism: "They equip ordinary members to share their faith with their neighbours.",
  churchPlanting: "They have coached church planting teams from the first core team to launch Sunday.",
  pastoralCare: "Much of their mentoring is with pastors recovering from burnout, grief or a hard season.",
  administration: "They help church staff put in place the policies and structures that keep a church healthy.",
  finance: "They have guided boards through budget shortfalls and more than one building campaign.",
  technology: "They help volunteer tech teams run sound, lights and livestream without burnout.",
  communications: "They help churches communicate clearly through change and conflict.",
};

export const GUIDE_BIO_MIDDLES = [
  "Known for a calm, practical style, they help leaders find the next faithful step.",
  "Their passion is helping weary leaders rediscover joy in ministry while building teams that last.",
  "Over the years they have coached dozens of pastors through transitions, conflict and growth.",
  "They care deeply about healthy churches that make disciples, not just attendance numbers.",
  "They have led through building projects, staff turnover and a global pandemic, and love sharing what they learned.",
  "Their sessions are honest, prayerful and focused on practical next steps.",
];
export const GUIDE_BIO_CLOSERS = [
  "Married with grown children and a very patient dog.",
  "A lifelong learner who still reads a book a week.",
  "Based in a small town but serving leaders around the world.",
  "Happy to meet with leaders of churches of any size.",
  "",
];

export const RECENT_SUCCESSES = [
  "Helped a plateaued church of 120 grow to 210 through a new guest follow-up process.",
  "Coached three church planters through their first year; all three plants are now self-sustaining.",
  "Led a $2.4M building campaign that finished six months early and debt-free.",
  "Rebuilt a youth ministry from 8 to 60 students in two years by training parent volunteers.",
  "Guided a 90-year-old congregation through a merger with a younger church plant.",
  "Launched a second campus that now has 400 people on a Sunday.",
  "Trained 45 new small group leaders in one semester.",
  "Wrote a child protection policy now used by 30 churches in our network.",
  "Helped a worship team of 25 volunteers move to a sustainable rota with no burnout.",
  "Walked a staff team through a painful conflict to reconciliation and a shared vision.",
  "Set up a care team that now handles 80% of hospital visits, freeing the pastor to lead.",
  "Moved a church from paper giving to online generosity; giving rose 22% in a year.",
];

export const UNIQUE_EXPERIENCES = [
  "Led a congregation through a merger with a neighbouring church.",
  "Served as interim pastor in four churches during leadership transitions.",
  "Planted churches in two countries and two languages.",
  "Ran a livestream ministry that reached 3,000 homes during lockdown.",
  "Spent ten years as a hospital chaplain before returning to the local church.",
  "Was a youth pastor, worship pastor and senior pastor in the same church over 25 years.",
  "Helped relaunch a church after a moral failure of the previous pastor.",
  "Trained pastors in East Africa for a decade.",
];

export const AVAILABILITY_DESCRIPTIONS = [
  "Tuesday and Thursday mornings, my local time.",
  "Weekday afternoons; Mondays are my sabbath.",
  "Evenings after 6pm on weekdays.",
  "Wednesdays all day and Friday mornings.",
  "Flexible; I keep two mornings a week for mentoring.",
  "Mornings Monday to Thursday.",
];

export const REFERENCE_ROLES = ["Lead Pastor", "Board Chair", "Executive Pastor", "Denominational Superintendent", "Elder", "Seminary Professor"];

export const REQUEST_MESSAGES = [
  "I'd love to give back by mentoring younger pastors the way others mentored me.",
  "After twenty years in youth ministry I want to help leaders avoid the mistakes I made.",
  "Our network has asked me to coach planters; this platform looks like the right place.",
  "I have walked through a building campaign and a church merger and would like to help others do the same.",
  "I mentor worship leaders informally already and would like to make that more intentional.",
];
export const DECLINE_REASONS = [
  "We couldn't verify your references. Please add a current pastor or elder we can contact and apply again.",
  "For this category we ask for at least three years of ministry leadership experience. We'd love to hear from you again later.",
  "Your application is missing a statement of faith and a reference from your current church.",
];

export const BOOKING_TOPICS = [
  ...Object.values(EXPERTISE).flat(),
  "Preventing burnout on a small staff", "Transitioning from founding pastor", "Handling conflict on the elder board",
  "Starting a second Sunday service", "Budget shortfall at year end", "Youth group attendance after summer",
  "Rebuilding after a church split", "Planning next year's preaching calendar", "My first 100 days as senior pastor",
  "Recruiting volunteers in a busy season", "Leading a church through grief", "Easter and Christmas planning",
  "Hiring our first full-time staff member", "Vacation Bible School on a small budget", "Moving to an elder-led structure",
];

export const BOOKING_NOTES = [
  "We're a church of about 150 in a rural town.",
  "I'd like to talk through our draft budget; I'll bring the spreadsheet.",
  "Our board meets next week, so practical next steps would help most.",
  "This is my first session on the platform. Looking forward to it!",
  "Could we pray together at the start?",
  "Two of our elders may join the call.",
  "I'll send our current volunteer org chart beforehand.",
  "Following up on our last conversation about the youth team.",
  "We're a multi-ethnic congregation meeting in a rented school.",
  "I may be a few minutes late; I'm coming from a hospital visit.",
];

export const CONTENT_TITLES = [
  "Five Questions to Ask Before a Building Campaign",
  "Raising Up Volunteer Leaders Who Stay: Lessons from Twenty Years in the Local Church",
  "When the Founding Pastor Steps Down",
  "Worship Sets That Serve the Sermon",
  "The Sunday Morning Check-In Checklist",
  "Preaching Through Grief",
  "Small Groups That Multiply Instead of Stall",
  "Why Youth Ministry Needs Parents More Than Pizza",
  "Sabbath for Pastors Who Think They Can't Afford One",
  "Reading Your Church's Financial Statements Without Fear",
  "The First Year of a Church Plant: What Nobody Tells You About the Loneliness",
  "Hospital Visits: A Field Guide for New Pastors",
  "Multi-Site Without Losing Your Soul",
  "Healthy Elder Boards and How to Build One",
  "Discipleship Pathways for Ordinary Churches",
  "Livestreaming Church on a Shoestring Budget",
  "Evangelism in a Post-Christian Neighbourhood: Practical Steps for Every Member",
  "Leading Through Conflict Without Losing Your People",
  "Kids Ministry Volunteers: Recruiting, Training and Thanking",
  "The Gospel of Mark: A Sermon Series for Advent",
];
export const CONTENT_TYPES = ["article", "video", "podcast", "book", "sermon"] as const;
export const CONTENT_DESCRIPTIONS = [
  "A practical guide drawn from years of local-church ministry.",
  "Recorded at a regional pastors' gathering.",
  "Conversation with two pastors who have lived it.",
  "Short read for church staff teams and elders.",
  "Notes and slides included.",
  "Part of a series for ministry leaders in transition.",
];

export const EMAIL_FALLBACK_NAMES = ["ministry", "leader"];

export const QUERY_TEMPLATES: Array<{ subject: string; message: string; answer: string }> = [
  { subject: "Rescheduling a session", message: "Something came up at church on Thursday. How do I move my session to next week?", answer: "You can reschedule from Bookings in your dashboard up to 24 hours before the session. We've moved this one for you." },
  { subject: "Refund for a cancelled session", message: "My guide cancelled our session but I was still charged. Can you help?", answer: "Sorry about that! The refund has been issued and should appear on your card within 5–10 business days." },
  { subject: "Trouble signing in", message: "I reset my password but the link says it has expired.", answer: "Reset links last one hour. We've sent a fresh link; please use it within the hour." },
  { subject: "Can our church pay for staff sessions?", message: "Our church would like to cover mentoring for our three staff pastors. Can we get one invoice?", answer: "Yes. Each staff member books as usual, and we can send a single monthly invoice to your church treasurer." },
  { subject: "Guide application status", message: "I applied to become a guide two weeks ago. Is there anything else you need from me?", answer: "Thanks for your patience. We're waiting on one of your references and will be in touch this week." },
  { subject: "Invoice for our treasurer", message: "Could you send a receipt with our church's name and address for last month's sessions?", answer: "Receipts are in Payments in your dashboard; we've also e-mailed one addressed to your church." },
  { subject: "Spanish-speaking mentor", message: "Do you have guides who can mentor in Spanish? Our congregation is bilingual.", answer: "Yes. On Find a Mentor, filter by language and choose Spanish to see them." },
  { subject: "Confidentiality question", message: "Are sessions recorded? I'd like to discuss a sensitive staff situation.", answer: "Sessions are never recorded by the platform. What you share stays between you and your guide." },
  { subject: "Pay-what-you-want question", message: "Is it okay to book a pay-what-you-want guide if our church can't afford much right now?", answer: "Absolutely. That's exactly why guides offer it. Pay what fits your church's budget." },
  { subject: "Changing my e-mail address", message: "I'm moving to a new church and need to change the e-mail on my account.", answer: "You can change it under Settings. A confirmation code will be sent to the new address." },
  { subject: "Guide no-show", message: "I waited 20 minutes and my guide never joined the call.", answer: "We're very sorry. We've contacted the guide and refunded the session in full." },
  { subject: "Group sessions", message: "Can our whole elder board join one session with a guide?", answer: "Yes, up to six people can join a session. Just mention it in the notes when you book." },
];
