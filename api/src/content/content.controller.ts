import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { ContentService } from './content.service';

/** What the member site reads of the content staff write: only what is switched on reaches it. */
@ApiTags('content')
@Controller()
@Public()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('settings')
  @ApiOperation({ summary: "A site's privacy policy and terms, both languages (site_name defaults to WRO)" })
  settings(@Query('site_name') siteName?: string) {
    return this.content.settings(siteName);
  }

  @Get('posts')
  @ApiOperation({
    summary:
      'Active posts, newest first: home=true&limit=4 for the dashboard, or page (zero-based), limit and category',
  })
  posts(@Query() query: Record<string, string | undefined>) {
    return this.content.posts(query);
  }

  @Get('posts/:slug')
  @ApiOperation({ summary: 'One active post by its slug, with its sanitized bodies, gallery and videos' })
  post(@Param('slug') slug: string) {
    return this.content.post(slug);
  }

  @Get('categories')
  @ApiOperation({ summary: 'Active categories, for the articles filter' })
  categories() {
    return this.content.categories();
  }

  @Get('announcements')
  @ApiOperation({
    summary:
      'Active announcements; active upcoming events (soonest first); `event`: the next one shown on the home page with its countdown',
  })
  announcements() {
    return this.content.announcements();
  }

  @Get('events')
  @ApiOperation({
    summary: 'The competitions page: active events to come (soonest first) and past ones (latest first), 50 of each',
  })
  events() {
    return this.content.events();
  }
}
