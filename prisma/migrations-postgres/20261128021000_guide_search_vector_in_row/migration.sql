-- A keyword search of Find a Mentor ranks every guide it matches by reading each one's "searchVector" (a common word
-- matches most of them). Stored out of line, each read went through the TOAST table: "church", 4,400 of 5,000 guides,
-- took 75 ms. Kept in the row (compressed), it takes 12 ms. The profiles are written again so that the vectors
-- already stored move into their rows (the triggers recompute the same values).
ALTER TABLE "GuideProfile" ALTER COLUMN "searchVector" SET STORAGE MAIN;
UPDATE "GuideProfile" SET "searchText" = "searchText";
