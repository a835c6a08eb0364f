-- DropTable
DROP TABLE "RowTotal";

