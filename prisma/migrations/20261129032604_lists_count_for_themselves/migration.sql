-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "RowTotal";
PRAGMA foreign_keys=on;

