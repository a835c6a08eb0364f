export const debianChromiums: string[];
export function testChromium(): string | undefined;
