// The demo's reviews and the mentors' replies (prisma/seed/), written in pairs: each kind of review has the reply
// that answers it, so thanks meet thanks and a complaint meets an apology about that very complaint. Both name the
// session's topic, so a review reads as being about its session.

export type ReviewPair = { review: string; reply: string };
/** One kind of review at a rating: its text and its reply, given the session's subject and the mentor's first name. */
type Theme = (subject: string, mentor: string) => ReviewPair;

/** A booking's topic as it reads inside a sentence: "Leading through a building campaign" → "leading through a…". */
export function subjectOf(topic: string) {
  return /^(Alpha|Easter|Vacation Bible)\b/.test(topic) ? topic : topic.charAt(0).toLowerCase() + topic.slice(1);
}

/** The kinds of review at each rating (index 0: one star … 4: five stars). */
export const THEMES: ReadonlyArray<ReadonlyArray<Theme>> = [
  [
    (s) => ({
      review: `I felt talked at rather than listened to, and we never really got to ${s}.`,
      reply: `I'm sorry. You came to be heard and I did most of the talking. Thank you for saying it plainly; I now begin every session with your questions about ${s}, not my stories.`,
    }),
    (s) => ({
      review: `The video connection dropped twice and we never recovered the conversation about ${s}.`,
      reply: `I'm sorry about the connection problems. Please book again and the next session on ${s} is on me; I've moved to a wired connection since.`,
    }),
    (s) => ({
      review: `My mentor joined twenty minutes late and seemed unprepared for ${s}.`,
      reply: `There is no excuse for keeping you waiting, and I should have read your notes on ${s} beforehand. I've asked the team to refund you in full, and I'm sorry.`,
    }),
  ],
  [
    (s) => ({
      review: `The session started fifteen minutes late and our time on ${s} felt rushed.`,
      reply: `I'm sorry I kept you waiting; that is not the welcome I want to give. If you'd like another hour on ${s}, the first fifteen minutes are on me.`,
    }),
    (s) => ({
      review: `The advice on ${s} assumed a large staff. We are a rural church of sixty with one paid pastor.`,
      reply: `Thank you for telling me. I should have asked about your church's size before talking about ${s}. If you'd rather, I can recommend a mentor who serves small rural churches.`,
    }),
    (s, m) => ({
      review: `${m} was friendly, but the advice on ${s} was generic and I could have found it in a book.`,
      reply: `That's fair, and I'm sorry the hour didn't give you more. Send me the two hardest questions you have about ${s} and I'll answer them in writing, specific to your church.`,
    }),
  ],
  [
    (s) => ({
      review: `Helpful conversation, though we spent so long on background that we barely got to ${s}.`,
      reply: `You're right, we spent too long on background. I now send a short questionnaire before a first session so we can start with ${s} itself.`,
    }),
    (s, m) => ({
      review: `${m} was kind and knowledgeable, but I wanted more concrete next steps on ${s}.`,
      reply: `Thank you for saying so. I've written up three concrete next steps on ${s} and sent them to you in a message.`,
    }),
    (s) => ({
      review: `Some useful ideas on ${s}, though a few felt dated for our context.`,
      reply: `Good feedback. Tell me more about your context and I'll bring examples on ${s} from churches like yours next time.`,
    }),
    (s) => ({
      review: `A solid hour on ${s}. The first half was mostly stories, the second half was very useful.`,
      reply: `Noted, and thank you. I'll keep the stories short and get to your questions on ${s} sooner.`,
    }),
  ],
  [
    (s) => ({
      review: `Very helpful on ${s}; I only wish we had had another half hour.`,
      reply: `Thank you! Next time let's book the longer session so we don't have to rush the end of ${s}.`,
    }),
    (s) => ({
      review: `Wise counsel on ${s}. A few ideas suit a bigger church than ours, but most will work for us.`,
      reply: `Fair point about size. Send me your numbers and I'll suggest a version of the plan for ${s} that fits your church.`,
    }),
    (s, m) => ({
      review: `${m} clearly knows ${s} well. The follow-up notes were as useful as the call itself.`,
      reply: `Glad the notes helped. Keep them close as you work on ${s}, and tell me what you change.`,
    }),
    (s) => ({
      review: `Practical and encouraging on ${s}. I'd have liked a little more time for my own questions.`,
      reply: `Thank you, and point taken. Next time I'll keep the second half free for your questions on ${s}.`,
    }),
    (s) => ({
      review: `Good, honest advice on ${s}, and a reading list I'm already working through.`,
      reply: `I'm so glad. Start with the shortest book on the list, and let me know what you think of it for ${s}.`,
    }),
  ],
  [
    (s, m) => ({
      review: `${m} listened carefully and asked the questions about ${s} I had been avoiding.`,
      reply: `Thank you for being so honest about ${s}. Those questions were already yours; I only asked them out loud.`,
    }),
    (s) => ({
      review: `I left our session on ${s} with a 90-day plan and the first step already on the calendar.`,
      reply: `So glad the plan feels doable. Let me know how the first step goes, and we'll work out the next ones on ${s} together.`,
    }),
    (s, m) => ({
      review: `${m} prayed with me at the end of our hour on ${s}, and I felt encouraged for the first time in months.`,
      reply: `It was a privilege to pray with you. I'll keep praying for you and your church as you lead through ${s}.`,
    }),
    (s, m) => ({
      review: `Hearing ${m} talk about their own mistakes with ${s} made it easy to be honest about mine.`,
      reply: `We all learn some things the hard way. Thank you for trusting me with your story about ${s}.`,
    }),
    (s, m) => ({
      review: `${m} gave me a simple framework for ${s} that our team started using the very next week.`,
      reply: `Wonderful that your team picked it up so quickly. Adapt it freely: a framework for ${s} should serve your church, not the other way round.`,
    }),
    (s, m) => ({
      review: `This was my third session with ${m}, and each one has moved us forward on ${s}.`,
      reply: `It's been a joy to watch your church grow through ${s}. See you next month.`,
    }),
    (s) => ({
      review: `It felt like talking with someone who has actually walked this road. Clear, kind and direct on ${s}.`,
      reply: `Thank you for the kind words. I have walked it, stumbles and all, and I'm glad it helped you with ${s}. Keep going, your faithfulness matters.`,
    }),
  ],
];

/** The pair of kind `theme` (taken modulo the kinds at that rating) for a session. */
export function reviewPair(rating: number, theme: number, topic: string, mentor: string): ReviewPair {
  const themes = THEMES[Math.min(5, Math.max(1, rating)) - 1];
  return themes[theme % themes.length](subjectOf(topic), mentor);
}
