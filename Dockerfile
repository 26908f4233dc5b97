# syntax=docker/dockerfile:1
# Stage 1: build both React apps into the Go service's embed folder.
FROM node:20-bookworm-slim AS apps
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY nx.json tsconfig.base.json eslint.config.js jest.preset.cjs ./
COPY libs libs
COPY tools/vite tools/vite
COPY apps/account-portal apps/account-portal
COPY apps/preference-centre apps/preference-centre
COPY services/api/internal/webapp/dist/.keep services/api/internal/webapp/dist/.keep
RUN cd apps/account-portal && npx vite build && cd ../preference-centre && npx vite build

# Stage 2: build the one binary with the apps inside.
FROM golang:1.26-bookworm AS service
WORKDIR /src/services/api
COPY services/api/go.mod services/api/go.sum ./
RUN go mod download
COPY services/api ./
COPY --from=apps /src/services/api/internal/webapp/dist ./internal/webapp/dist
# The context has no .git for Go to read the commit from: the release is given, e.g.
# docker build --build-arg PORTAL_VERSION=1.4.2 --build-arg PORTAL_REVISION=$(git rev-parse HEAD) . (`portal version`).
ARG PORTAL_VERSION="" PORTAL_REVISION=""
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X github.com/grocer-portal/portal/services/api/internal/release.version=${PORTAL_VERSION} -X github.com/grocer-portal/portal/services/api/internal/release.revision=${PORTAL_REVISION}" -o /out/portal ./cmd/portal

# Stage 3: a small runtime image, running as a user without privileges.
FROM gcr.io/distroless/static-debian12:nonroot
WORKDIR /home/nonroot
COPY --from=service /out/portal /usr/local/bin/portal
# madvdontneed=0: freed memory goes back to the kernel with MADV_FREE, so the 19 MiB each argon2id hash allocates is
# not faulted back in page by page at the next login (Makefile, README).
ENV PORTAL_ENV=production PORTAL_HTTP_ADDR=:8080 GODEBUG=madvdontneed=0
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/portal"]
CMD ["serve"]
