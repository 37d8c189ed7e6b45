// /api/public/cron/retention — a scheduler carries no Clerk session, so the proxy sends its call here: the same handler,
// authorised by the cron secret alone
export { GET, POST } from "@/app/api/cron/retention/route";
