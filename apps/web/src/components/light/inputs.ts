// antd's `Input` carries TextArea, OTP and Search as static members, so importing it pulls all
// of them in. The signed-out pages import the two inputs they use directly to stay light.
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
