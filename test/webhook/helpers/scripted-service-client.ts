import type { ServiceResult } from '../../../main/base/service/index.js';
import type { ReplyBody, V4ServiceClient } from '../../../main/adapters/connection/transport/webhook/index.js';

/**
 * The V4ServiceClient port answered by the test (like the scripted dispatcher): used where the
 * receiver alone is under test. The full flow tests use the real client against the sandbox.
 */
export class ScriptedServiceClient implements V4ServiceClient {
  readonly configured: string[] = [];
  readonly replies: ReplyBody[] = [];
  configureAnswers: ServiceResult<unknown>[] = [];
  replyAnswers: ServiceResult<unknown>[] = [];
  whoAmIAnswer: ServiceResult<{ id: string; name: string }> = { ok: true, value: { id: 'r1', name: 'Bistro' } };

  async configure(webhookUrl: string): Promise<ServiceResult<unknown>> {
    this.configured.push(webhookUrl);
    return this.configureAnswers.shift() ?? { ok: true, value: { webhookUrl } };
  }
  async whoAmI(): Promise<ServiceResult<{ id: string; name: string }>> {
    return this.whoAmIAnswer;
  }
  async reply(body: ReplyBody): Promise<ServiceResult<unknown>> {
    this.replies.push(body);
    return this.replyAnswers.shift() ?? { ok: true, value: { status: 'Accepted' } };
  }
}
