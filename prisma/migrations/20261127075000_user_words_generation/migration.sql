-- A search can find thousands of people ("an" at the start of a word: 10,600 of 100,000; "grace" anywhere: 8,500),
-- which the "UserWords" and "UserSearch" indexes hand over in 2-4 ms for each statement that asks. A server keeps each
-- term's people in a temporary table of its connection (app/modules/accounts/kept-people.server.ts), with the value
-- of this one row they were read at. The triggers below give it a new random value whenever a person is added or
-- removed or their name, e-mail or organisation changes, whichever connection writes, and a server reads a term's
-- people again only once the value differs. Random, so a database put back to an earlier state never repeats one.
-- PostgreSQL searches its own indexes and keeps nothing.
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
