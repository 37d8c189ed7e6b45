import "@testing-library/jest-dom";

// No telemetry from Clerk or Next in tests: there is no network, and nothing should try.
process.env.CLERK_TELEMETRY_DISABLED = "1";
process.env.NEXT_TELEMETRY_DISABLED = "1";
