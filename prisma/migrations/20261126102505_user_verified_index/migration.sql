-- CreateIndex
CREATE INDEX "User_role_isDeleted_isVerified_idx" ON "User"("role", "isDeleted", "isVerified");

