-- One decision time for guide applications (app/modules/guide-requests/decision-time.ts): the demo's FAQ answers
-- that promised "within a week" or "within five working days" hold the placeholder {applicationDecisionTime}, and the
-- Become a Mentor page's seeded section no longer names a time of its own (the page states the one from code). Only
-- texts still as the seed wrote them change: an administrator's own wording stays theirs.
UPDATE "Faq" SET answer = 'Apply through Become a Mentor. We review your experience and references and usually decide within {applicationDecisionTime}.'
  WHERE answer = 'Apply through Become a Mentor. We review your experience and references, usually within a week.';
UPDATE "Faq" SET answer = 'Most applications are decided within {applicationDecisionTime}.'
  WHERE answer = 'Most applications are decided within five working days.';
UPDATE "PageContent" SET content = REPLACE(content, 'Our team reviews every application, usually within a week.', 'Our team reviews every application and writes to you either way.')
  WHERE slug = 'become_a_guide';
