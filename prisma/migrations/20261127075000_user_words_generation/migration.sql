-- A search of one or two letters finds everyone with a word starting with them: thousands of people ("an": 10,600 of
-- 100,000), which the "UserWords" index hands over in about 2 ms, for each statement that asks. A server keeps each
-- short term's people in a temporary table of its connection (app/modules/accounts/word-starts.server.ts), with the
-- value of this one row they were read at. The triggers below give it a new random value whenever a person is added
-- or removed or their name, e-mail or organisation changes, whichever connection writes, and a server reads a term's
-- people again only once the value differs. Random, so a database put back to an earlier state never repeats one.
-- PostgreSQL answers short terms from its full-text indexes and keeps nothing.
CREATE TABLE "UserWordsGeneration" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "generation" TEXT NOT NULL
);
INSERT INTO "UserWordsGeneration" ("id", "generation") VALUES (1, lower(hex(randomblob(8))));

CREATE TRIGGER "User_words_generation_insert" AFTER INSERT ON "User" BEGIN
  UPDATE "UserWordsGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
END;
CREATE TRIGGER "User_words_generation_delete" AFTER DELETE ON "User" BEGIN
  UPDATE "UserWordsGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
END;
CREATE TRIGGER "User_words_generation_update" AFTER UPDATE OF name, email, organisation ON "User"
WHEN old.name IS NOT new.name OR old.email IS NOT new.email OR old.organisation IS NOT new.organisation
BEGIN
  UPDATE "UserWordsGeneration" SET "generation" = lower(hex(randomblob(8))) WHERE "id" = 1;
END;
