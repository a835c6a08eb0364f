export const DEMO_ADMIN_TOTP_SECRET: string;
