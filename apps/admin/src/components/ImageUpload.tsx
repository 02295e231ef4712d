import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { adminApi, UPLOAD_FILE_FIELD, type UploadPurpose } from '@app/contracts';
import { Button, Space, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { call, errorText } from '../api.ts';

/** What a browser offers to pick; the server checks the bytes whatever the name or type says. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

export interface ImageUploadProps {
  /** The image's URL: an upload (`/media/…`) or, for records made before uploads, any address. */
  value?: string;
  onChange?: (url: string | undefined) => void;
  purpose?: UploadPurpose;
  /** Names the picker for screen readers and tests, e.g. "Product image". */
  label?: string;
  'data-testid'?: string;
}

/**
 * An image field of a back-office form: the operator picks a file (click, or Enter or Space on the
 * focused picker), it is uploaded at once and the field takes its URL; the image is shown with a
 * button to replace or remove it. Used as a `Form.Item` child, which passes `value` and `onChange`.
 */
export function ImageUpload({
  value,
  onChange,
  purpose = 'image',
  label = 'Image',
  'data-testid': testId = 'image-upload',
}: ImageUploadProps) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();

  const upload = async (file: File) => {
    setUploading(true);
    setError(undefined);
    try {
      const { url } = await call(adminApi.uploads.image, {}, undefined, {
        form: { purpose, [UPLOAD_FILE_FIELD]: file },
      });
      onChange?.(url);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setUploading(false);
    }
  };

  const picker = (children: ReactNode) => (
    <Upload
      accept={ACCEPT}
      showUploadList={false}
      disabled={uploading}
      beforeUpload={(file) => {
        void upload(file);
        // The upload above goes through the API client (token, error envelope), not antd's own request.
        return false;
      }}
      aria-label={value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
      data-testid={`${testId}-input`}
    >
      {children}
    </Upload>
  );

  return (
    <Space orientation="vertical" size={8} data-testid={testId}>
      {value ? (
        <Space align="start" wrap>
          <img
            src={value}
            alt={label}
            width={104}
            height={104}
            style={{ objectFit: 'cover', borderRadius: 8 }}
            data-testid={`${testId}-preview`}
          />
          <Space orientation="vertical" size={8}>
            {picker(
              <Button icon={uploading ? <LoadingOutlined /> : undefined} tabIndex={-1}>
                Replace
              </Button>,
            )}
            <Button danger disabled={uploading} onClick={() => onChange?.(undefined)} data-testid={`${testId}-remove`}>
              Remove
            </Button>
          </Space>
        </Space>
      ) : (
        picker(
          <div
            style={{
              width: 104,
              height: 104,
              border: '1px dashed #d9d9d9',
              borderRadius: 8,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 8,
              cursor: 'pointer',
            }}
          >
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <span>{uploading ? 'Uploading…' : 'Upload'}</span>
          </div>,
        )
      )}
      <Typography.Text type="secondary">JPEG, PNG, WebP or GIF; resized and stripped of metadata.</Typography.Text>
      {error && (
        <Typography.Text type="danger" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </Space>
  );
}
