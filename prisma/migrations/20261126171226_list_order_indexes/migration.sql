-- CreateIndex
CREATE INDEX "User_role_isDeleted_isVerified_idx" ON "User"("role", "isDeleted", "isVerified");

-- CreateIndex
CREATE INDEX "GuideRequest_createdAt_idx" ON "GuideRequest"("createdAt");

