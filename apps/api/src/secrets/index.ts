export { SecretBox, SecretsKeyMissingError, SecretUnreadableError } from './secret-box.ts';
export { parseSecretsKey, secretsKeyFor } from './secrets-key.ts';
