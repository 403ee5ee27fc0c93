import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const fixtures = 'apps/web/eslint-fixtures/src';

/** The rule ids and messages ESLint reports for one result, e.g. `boundaries/dependencies: A features file…`. */
const problemsOf = (result: ESLint.LintResult) => result.messages.map((message) => `${message.ruleId}: ${message.message}`);

describe("the web app's layers, as the repository's ESLint configuration enforces them", () => {
  let eslint: ESLint;
  beforeAll(() => {
    // The fixtures are ignored by the ordinary lint run (they are wrong on purpose), so this run turns ignores off.
    eslint = new ESLint({ cwd: repoRoot, ignore: false });
  });

  it('refuses a feature that imports a screen (an import pointing up)', async () => {
    const [result] = await eslint.lintFiles([`${fixtures}/features/fixture/imports-up.tsx`]);
    expect(problemsOf(result!)).toEqual([expect.stringMatching(/^boundaries\/dependencies: A features file may not import from pages/)]);
  });

  it('accepts a feature that imports generic parts and helpers (imports pointing down)', async () => {
    const [result] = await eslint.lintFiles([`${fixtures}/features/fixture/imports-down.tsx`]);
    expect(problemsOf(result!)).toEqual([]);
  });

  it('refuses a helper in lib that imports a feature', async () => {
    const [result] = await eslint.lintText(
      "import { FixtureFeature } from '../features/fixture/imports-down.tsx';\nexport const uses = FixtureFeature;\n",
      {
        filePath: path.join(repoRoot, fixtures, 'lib/uses-a-feature.ts'),
      },
    );
    expect(problemsOf(result!)).toEqual([expect.stringMatching(/^boundaries\/dependencies: A lib file may not import from features/)]);
  });
});
