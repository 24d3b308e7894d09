import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROOT } from './app-root';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, ./data, embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.publicHost).toBe('localhost:3000');
  });

  it('never seeds demo data in production', () => {
    const secret = 'x'.repeat(32);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        BETTER_AUTH_SECRET: secret,
        CODES_SECRET: secret,
        VIDEO_SECRET: secret,
        PAYMENTS_SECRET: secret,
        PUSH_SECRET: secret,
      }).seedDemo,
    ).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('keeps its default folders in its own folder, and explicit relative paths relative to the working directory', () => {
    const config = loadConfig({});
    expect(config.dataDir).toBe(path.join(APP_ROOT, 'data'));
    expect(config.webDistDir).toBe(path.join(APP_ROOT, 'dist', 'web'));
    expect(fs.existsSync(path.join(APP_ROOT, 'drizzle', 'meta', '_journal.json'))).toBe(true);
    expect(loadConfig({ DATA_DIR: 'elsewhere' }).dataDir).toBe(path.resolve(process.cwd(), 'elsewhere'));
  });

  it('documents every variable it reads in README.md and .env.example', () => {
    const readme = fs.readFileSync(path.join(APP_ROOT, 'README.md'), 'utf8');
    const example = fs.readFileSync(path.join(APP_ROOT, '.env.example'), 'utf8');
    for (const name of [...ENV_VARIABLES, 'TEST_DATABASE_URL']) {
      expect(readme, `README.md lacks ${name}`).toContain(`| \`${name}\` |`);
      expect(example, `.env.example lacks ${name}`).toMatch(new RegExp(`^${name}=`, 'm'));
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});

describe('production', () => {
  it('requires BETTER_AUTH_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET: required in production/);
  });

  it('refuses to save missing translation keys, which writes to disk', () => {
    const secret = 'x'.repeat(32);
    const env = {
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      CODES_SECRET: secret,
      VIDEO_SECRET: secret,
      PAYMENTS_SECRET: secret,
      PUSH_SECRET: secret,
    };
    expect(loadConfig(env).saveMissingTranslations).toBe(false);
    expect(() => loadConfig({ ...env, SAVE_MISSING_TRANSLATIONS: 'true' })).toThrow(/SAVE_MISSING_TRANSLATIONS: development only/);
  });

  it("refuses a test_sk_ key as Darsi's own Chargily key, which let plans be paid on the test page (issue 23)", () => {
    const secret = 'x'.repeat(32);
    const env = {
      NODE_ENV: 'production',
      BETTER_AUTH_SECRET: secret,
      CODES_SECRET: secret,
      VIDEO_SECRET: secret,
      PAYMENTS_SECRET: secret,
      PUSH_SECRET: secret,
    };
    expect(() => loadConfig({ ...env, CHARGILY_SECRET_KEY: 'test_sk_0123456789' })).toThrow(/CHARGILY_SECRET_KEY: a test_sk_ key is refused in production/);
    expect(loadConfig({ ...env, CHARGILY_SECRET_KEY: 'live_sk_0123456789' }).billing.chargilySecretKey).toBe('live_sk_0123456789');
    // Development and tests keep using test keys.
    expect(loadConfig({ NODE_ENV: 'test', CHARGILY_SECRET_KEY: 'test_sk_0123456789' }).billing.chargilySecretKey).toBe('test_sk_0123456789');
  });

  it('requires CODES_SECRET, which keys activation codes', () => {
    const secret = 'x'.repeat(32);
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret })).toThrow(/CODES_SECRET: required in production/);
    expect(() => loadConfig({ CODES_SECRET: 'short' })).toThrow(/CODES_SECRET/);
  });

  it('requires VIDEO_SECRET, which signs playback tokens and keeps video keys encrypted', () => {
    const secret = 'x'.repeat(32);
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, CODES_SECRET: secret })).toThrow(/VIDEO_SECRET: required in production/);
    expect(() => loadConfig({ VIDEO_SECRET: 'short' })).toThrow(/VIDEO_SECRET/);
  });

  it('requires PAYMENTS_SECRET, which keeps the payment keys of teachers encrypted', () => {
    const secret = 'x'.repeat(32);
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, CODES_SECRET: secret, VIDEO_SECRET: secret })).toThrow(
      /PAYMENTS_SECRET: required in production/,
    );
    expect(() => loadConfig({ PAYMENTS_SECRET: 'short' })).toThrow(/PAYMENTS_SECRET/);
  });

  it('requires PUSH_SECRET, which keeps the web push private key encrypted (decision 228)', () => {
    const secret = 'x'.repeat(32);
    const env = { NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, CODES_SECRET: secret, VIDEO_SECRET: secret, PAYMENTS_SECRET: secret };
    expect(() => loadConfig(env)).toThrow(/PUSH_SECRET: required in production/);
    expect(loadConfig({ ...env, PUSH_SECRET: secret }).pushSecret).toBe(secret);
    expect(() => loadConfig({ PUSH_SECRET: 'short' })).toThrow(/PUSH_SECRET/);
    expect(loadConfig({}).pushSecret).toBeUndefined();
  });

  it('takes the video limits and tools from the environment, with defaults', () => {
    expect(loadConfig({})).toMatchObject({ videoMaxBytes: 4 * 1024 ** 3, ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
    expect(loadConfig({ VIDEO_MAX_BYTES: '1048576', FFMPEG_PATH: '/opt/ff/ffmpeg' })).toMatchObject({ videoMaxBytes: 1048576, ffmpegPath: '/opt/ff/ffmpeg' });
    expect(() => loadConfig({ VIDEO_MAX_BYTES: '10' })).toThrow(/VIDEO_MAX_BYTES/);
  });

  it('keeps processed video in S3 only with a bucket and both keys', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: 'videos', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'videos',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(() => loadConfig({ S3_BUCKET: 'videos' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
