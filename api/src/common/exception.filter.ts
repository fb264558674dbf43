import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { redactUrl } from '@platform/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { clientErrorStatus, isDatabaseDown, isRefusedValue, sendError, statusKey } from './error-response';

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const res = ctx.getResponse<FastifyReply>();
    if (exception instanceof AppError) {
      return sendError(
        req,
        res,
        exception.getStatus(),
        exception.key,
        exception.params,
        exception.field,
        exception.details,
      );
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return sendError(req, res, status, statusKey(status));
    }
    const clientStatus = clientErrorStatus(exception);
    if (clientStatus) return sendError(req, res, clientStatus, statusKey(clientStatus));
    if (isDatabaseDown(exception)) {
      this.logger.warn(`database unavailable on ${req.method} ${redactUrl(req.url.split('?')[0])}`);
      res.header('Retry-After', '5');
      return sendError(req, res, 503, 'server.unavailable');
    }
    if (isRefusedValue(exception)) return sendError(req, res, 400, 'request.bad');
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    sendError(req, res, 500, 'server.error');
  }
}
