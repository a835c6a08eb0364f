# Production image: build once, then serve with the same migrations the repository commits.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts ./
# The install's postinstall applies patches/ and generates the Prisma clients (scripts/generate-clients.mjs).
COPY patches ./patches
COPY scripts ./scripts
RUN npm ci --no-audit --no-fund
COPY . .
# Dev dependencies stay: the prisma CLI applies migrations at start and tsx runs scripts/create-admin.ts.
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATABASE_URL=file:/data/app.db
COPY --from=build /app/package.json /app/prisma.config.ts ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/app/generated ./app/generated
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server/index.mjs ./server/index.mjs
VOLUME /data
EXPOSE 3000
# SESSION_SECRET and TOTP_KEY must be set. Create the first administrator with:
#   docker exec -it <container> npx tsx scripts/create-admin.ts
CMD ["sh", "-c", "npx prisma migrate deploy && exec node server/index.mjs"]
