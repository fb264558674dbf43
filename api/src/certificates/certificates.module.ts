import { Module } from '@nestjs/common';
import { resourceController } from '../admin/resource.routes';
import { ResourceService } from '../admin/resource.service';
import { CertificateRunJob } from './certificate-run.job';
import { CertificatesAdminController } from './certificates-admin.controller';
import { CertificatesController } from './certificates.controller';
import { certificatesResource, certificateTemplatesResource } from './certificates.resource';
import { CertificatesService } from './certificates.service';
import { CertificateIssueService } from './issue.service';

/** Certificates (issue 33): members' list and PDFs, public verification, Open Badges, and staff's issuing. */
@Module({
  controllers: [
    CertificatesController,
    CertificatesAdminController,
    resourceController(certificatesResource),
    resourceController(certificateTemplatesResource),
  ],
  providers: [CertificatesService, CertificateIssueService, CertificateRunJob, ResourceService],
  exports: [CertificatesService, CertificateIssueService],
})
export class CertificatesModule {}
