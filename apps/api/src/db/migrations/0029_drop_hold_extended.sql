-- Replaced by hold_extensions (0028).
ALTER TABLE "orders" DROP COLUMN "hold_extended";