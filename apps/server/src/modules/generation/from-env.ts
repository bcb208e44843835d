import type { Env } from '../../env';
import type { Generator } from './generator';
import { createOpenAiGenerator } from './openai-generator';
import { createStudioGenerator } from './studio-generator';

export function createGeneratorFromEnv(env: Env): Generator {
  if (env.GENERATOR === 'openai') {
    return createOpenAiGenerator({
      url: env.GENERATOR_URL!,
      model: env.GENERATOR_MODEL,
      apiKey: env.GENERATOR_API_KEY,
      timeoutMs: env.GENERATOR_TIMEOUT_MS,
    });
  }
  return createStudioGenerator();
}
