declare const chromium: { executablePath: string; args: string[] };
export = chromium;
