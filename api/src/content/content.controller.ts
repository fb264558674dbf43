import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/roles';
import { ContentService } from './content.service';
import { Answers, int, list, object, ok, orNull, shape, text } from '../common/answers';

/** What the member site reads of the content staff write: only what is switched on reaches it. */
@ApiTags('content')
@Controller()
@Public()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Answers(
    ok({
      setting: object({
        site_name: text,
        site_copy_right: text,
        privacy: text,
        privacy_en: text,
        tearm_condition: text,
        tearm_condition_en: text,
        updated_at: text,
      }),
    }),
  )
  @Get('settings')
  @ApiOperation({ summary: "A site's privacy policy and terms, both languages (site_name defaults to WRO)" })
  settings(@Query('site_name') siteName?: string) {
    return this.content.settings(siteName);
  }

  @Answers(ok({ posts: list(shape('PostView')), currentPage: int, totalPages: int }))
  @Get('posts')
  @ApiOperation({
    summary:
      'Active posts, newest first: home=true&limit=4 for the dashboard, or page (zero-based), limit and category',
  })
  posts(@Query() query: Record<string, string | undefined>) {
    return this.content.posts(query);
  }

  @Answers(ok({ post: shape('PostView') }))
  @Get('posts/:slug')
  @ApiOperation({ summary: 'One active post by its slug, with its sanitized bodies, gallery and videos' })
  post(@Param('slug') slug: string) {
    return this.content.post(slug);
  }

  @Answers(ok({ categories: list(object({ _id: text, name: text, name_en: text })) }))
  @Get('categories')
  @ApiOperation({ summary: 'Active categories, for the articles filter' })
  categories() {
    return this.content.categories();
  }

  @Answers(
    ok({
      announcements: list(shape('AnnouncementView')),
      event: orNull(shape('EventView')),
      events: list(shape('EventView')),
    }),
  )
  @Get('announcements')
  @ApiOperation({
    summary:
      'Active announcements; active upcoming events (soonest first); `event`: the next one shown on the home page with its countdown',
  })
  announcements() {
    return this.content.announcements();
  }

  @Answers(ok({ upcoming: list(shape('EventView')), past: list(shape('EventView')) }))
  @Get('events')
  @ApiOperation({
    summary: 'The competitions page: active events to come (soonest first) and past ones (latest first), 50 of each',
  })
  events() {
    return this.content.events();
  }
}
