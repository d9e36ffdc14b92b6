import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * The OpenAPI document at /api/docs/json, linted by Redocly's OpenAPI linter (@redocly/openapi-core) with
 * its `recommended` rules: no errors. Warnings are printed (run with this file to see them).
 */
describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended lint rules without an error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    const warnings = problems.filter((p) => p.severity === 'warn');
    if (process.env.OPENAPI_LINT_VERBOSE) console.log(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`).join('\n'));
    console.log(`OpenAPI lint (Redocly recommended): ${errors.length} errors, ${warnings.length} warnings`);
    expect(errors).toEqual([]);
  });
});
