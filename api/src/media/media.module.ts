import { Module } from '@nestjs/common';
import { GalleryController } from './gallery.controller';
import { GalleryService } from './gallery.service';
import { UnattachedUploads } from './unattached';

@Module({
  controllers: [GalleryController],
  providers: [GalleryService, UnattachedUploads],
  exports: [GalleryService, UnattachedUploads],
})
export class MediaModule {}
