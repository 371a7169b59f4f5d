import type { ReplyBody, ServiceResult, V4ServiceClient } from '../../../main/transport/webhook/index.js';

/**
 * The V4ServiceClient port answered by the test (like the scripted dispatcher): used where the
 * receiver alone is under test. The full flow tests use the real client against the sandbox.
 */
export class ScriptedServiceClient implements V4ServiceClient {
  readonly configured: string[] = [];
  readonly replies: ReplyBody[] = [];
  configureAnswers: ServiceResult[] = [];
  replyAnswers: ServiceResult[] = [];
  whoAmIAnswer: ServiceResult = { ok: true, status: 200, body: { id: 'r1', name: 'Bistro' } };

  async configure(webhookUrl: string): Promise<ServiceResult> {
    this.configured.push(webhookUrl);
    return this.configureAnswers.shift() ?? { ok: true, status: 200, body: { webhookUrl } };
  }
  async whoAmI(): Promise<ServiceResult> {
    return this.whoAmIAnswer;
  }
  async reply(body: ReplyBody): Promise<ServiceResult> {
    this.replies.push(body);
    return this.replyAnswers.shift() ?? { ok: true, status: 200, body: { status: 'Accepted' } };
  }
}
