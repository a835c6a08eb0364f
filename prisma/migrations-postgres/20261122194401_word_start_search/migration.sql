-- Searches of one or two characters match the start of a word of a person's name, e-mail or organisation, through
-- full-text indexes (trigram indexes cannot match fewer than three characters): one over what the support team
-- searches, one over what everyone else may search (no e-mail). The expressions are exactly those of
-- app/modules/accounts/search.server.ts.
CREATE INDEX "User_words_idx" ON "User" USING gin (
  to_tsvector('simple'::regconfig, coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("organisation", ''))
);
CREATE INDEX "User_public_words_idx" ON "User" USING gin (
  to_tsvector('simple'::regconfig, coalesce("name", '') || ' ' || coalesce("organisation", ''))
);
