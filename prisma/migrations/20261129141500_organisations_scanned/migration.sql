-- Organisations are searched by scanning their names (about one per 40 people): no full-text copy to keep.
DROP TRIGGER "Organisation_search_insert";
DROP TRIGGER "Organisation_search_update";
DROP TRIGGER "Organisation_search_delete";
DROP TABLE "OrganisationSearch";
