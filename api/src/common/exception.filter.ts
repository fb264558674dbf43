import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from './app-error';
import { isDatabaseDown, isRefusedValue, sendError, statusKey } from './error-response';

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    if (exception instanceof AppError) {
      return sendError(req, res, exception.getStatus(), exception.key, exception.params, exception.field);
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return sendError(req, res, status, statusKey(status));
    }
    if (isDatabaseDown(exception)) {
      this.logger.warn(`database unavailable on ${req.method} ${req.path}`);
      res.setHeader('Retry-After', '5');
      return sendError(req, res, 503, 'server.unavailable');
    }
    if (isRefusedValue(exception)) return sendError(req, res, 400, 'request.bad');
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    sendError(req, res, 500, 'server.error');
  }
}
