import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (relative: string) => readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');

describe("index.html's inline script that holds early submits", () => {
  it("is allowed by the server's Content-Security-Policy through its sha256 hash", () => {
    const inline = /<script>([\s\S]*?)<\/script>/.exec(read('../../../index.html'))?.[1];
    expect(inline).toBeDefined();
    const hash = createHash('sha256')
      .update(inline ?? '')
      .digest('base64');
    expect(read('../../../../server/src/app.ts')).toContain(`'sha256-${hash}'`);
  });
});
