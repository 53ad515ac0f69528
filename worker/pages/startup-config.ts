// The start-up configuration a page carries (docs/adr/0108-startup-configuration.md;
// shared/startup-config.ts), read from the worker's variables once per isolate and env.
// Logging needs both the client token and the data centre: with only one of them, the spec's
// message (docs/product/3-routes-data-calls-constants.md §8 "Log config") is logged once and
// logging stays off, rather than every page failing.
import type { Env } from '../env.ts';
import { paymentSettings } from '../payments/payment-settings.ts';
import { imageUploadMaxBytes } from '../uploads/image-upload.ts';
import { currentDeploymentVersion } from '../cache/version.ts';
import { writeLog, LOG_LEVELS } from '../lib/log-context.ts';
import { betaProductOf, loggingConfig, logLevelOf, type LoggingConfig, type StartupConfig } from '../../shared/startup-config.ts';

const configs = new WeakMap<object, StartupConfig>();

function list(value: string | undefined, pattern: RegExp): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => pattern.test(item));
}

function logging(env: Env): LoggingConfig | null {
  if (!env.LOG_CLIENT_TOKEN && !env.LOG_DATACENTER) return null;
  try {
    return loggingConfig({ clientToken: env.LOG_CLIENT_TOKEN, datacenter: env.LOG_DATACENTER });
  } catch (error) {
    writeLog({ level: LOG_LEVELS.error, levelName: 'error', event: 'configuration_invalid', setting: 'logging', message: (error as Error).message });
    return null;
  }
}

export function startupConfig(env: Env): StartupConfig {
  let config = configs.get(env);
  if (!config) {
    config = {
      version: currentDeploymentVersion(env),
      authDomain: env.AUTH_DOMAIN,
      payments: paymentSettings(env),
      staffPicks: list(env.STAFF_PICKS, /^[0-9a-f]{1,16}$/),
      tierOneDomains: list(env.TIER_ONE_DOMAINS, /^[a-z0-9.-]{1,253}$/),
      logging: logging(env),
      logLevel: logLevelOf(env.LOG_LEVEL),
      homepageExperimentId: env.HOMEPAGE_EXPERIMENT_ID && /^[\w.-]{1,100}$/.test(env.HOMEPAGE_EXPERIMENT_ID) ? env.HOMEPAGE_EXPERIMENT_ID : null,
      betaProduct: betaProductOf(env.PRODUCT_NAME),
      imageUploadMaxSizeMb: imageUploadMaxBytes(env) / (1024 * 1024),
    };
    configs.set(env, config);
  }
  return config;
}
